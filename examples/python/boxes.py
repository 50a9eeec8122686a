"""boxes.py - a stack of boxes on the ground, as the examples' test scene: the mass matrix M,
the contact Jacobian J and the free velocity v_free of one time step, with contact.h's row
order (each contact (t1, t2, normal), normal last, v_n > 0 separating).

    M, J, v_free = stack(masses=[1.0, 10.0], push=2.0)
    G, g = contact.delassus_from_mj(M, J, v_free)

Box k (side 1 m, mass masses[k]) sits on box k - 1 (box 0 on the ground), touching it at its
four bottom corners; every box moves along x at `push` m/s before the step and gravity acts
for one step dt. Generalized velocities are (v_x, v_y, v_z, w_x, w_y, w_z) per box.
"""

import numpy as np

GRAVITY = 9.81


def _cross_matrix(r):
    return np.array([[0, -r[2], r[1]], [r[2], 0, -r[0]], [-r[1], r[0], 0]])


def stack(masses=(1.0,), push=0.0, spin=0.0, dt=0.01, side=1.0):
    """(M, J, v_free) of len(masses) boxes stacked on the ground; spin (rad/s) turns the boxes
    about the vertical axis, so the corners slide in different directions."""
    nbody = len(masses)
    nv = 6 * nbody
    M = np.zeros((nv, nv))
    for k, m in enumerate(masses):
        inertia = m * side * side / 6.0  # a cube
        M[6 * k:6 * k + 6, 6 * k:6 * k + 6] = np.diag([m, m, m, inertia, inertia, inertia])
    v_free = np.zeros(nv)
    for k in range(nbody):
        v_free[6 * k] = push
        v_free[6 * k + 2] = -GRAVITY * dt
        v_free[6 * k + 5] = spin
    tangents = np.array([[1.0, 0, 0], [0, 1.0, 0], [0, 0, 1.0]])  # rows t1, t2, n: x, y, z
    h = side / 2
    rows = []
    for k in range(nbody):  # box k's bottom corners touch box k - 1's top (or the ground)
        for cx, cy in ((-h, -h), (h, -h), (h, h), (-h, h)):
            block = np.zeros((3, nv))
            r_top = np.array([cx, cy, -h])  # corner from box k's centre
            block[:, 6 * k:6 * k + 3] = tangents
            block[:, 6 * k + 3:6 * k + 6] = -tangents @ _cross_matrix(r_top)  # t . (w x r)
            if k > 0:
                r_low = np.array([cx, cy, h])
                block[:, 6 * (k - 1):6 * (k - 1) + 3] = -tangents
                block[:, 6 * (k - 1) + 3:6 * k] = tangents @ _cross_matrix(r_low)
            rows.append(block)
    return M, np.vstack(rows), v_free
