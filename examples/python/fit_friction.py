"""fit_friction.py - the friction coefficient of a sliding box, fitted to observed velocities
by gradient descent, with the gradient of the solve from contact.vjp.

    python3 fit_friction.py

"Observations": the velocities after one time step of a box pushed along the ground at three
speeds, simulated with the true mu = 0.35. The fit starts from mu = 0.9 and minimizes

    L(mu) = sum over pushes of || v(mu) - v_observed ||^2

where v(mu) is contact.solve's answer. dL/dmu is one reverse pass per push: vjp with the
cotangent v_bar = 2 (v - v_observed) gives the gradient with respect to each contact's mu;
one shared mu sums them. The NCP answer is differentiated where it is (the implicit function
theorem at the solve's point, [Castro23] Sec. X-B), so the solve must be accurate: NEWTON_NCP
to 1e-12.
"""

import numpy as np

import boxes
import contact

TRUE_MU = 0.35
DT = 0.01


def step(push, mu):
    """one time step of the box pushed at `push` m/s: the contact velocities' Result"""
    M, J, v_free = boxes.stack(masses=[2.0], push=push, dt=DT)
    G, g = contact.delassus_from_mj(M, J, v_free)
    return contact.solve(G, g / DT, np.full(4, mu), method="NEWTON_NCP", tol=1e-12)


def loss_and_gradient(mu, pushes, observed):
    loss, grad = 0.0, 0.0
    for push, v_obs in zip(pushes, observed):
        res = step(push, mu)
        assert res.converged, res
        r = res.v - v_obs
        loss += r @ r
        grad += res.vjp(v_bar=2 * r, G=False).mu.sum()  # one mu for the four contacts
    return loss, grad


def main():
    pushes = [0.5, 1.0, 2.0]
    observed = [step(p, TRUE_MU).v for p in pushes]
    mu = 0.9
    loss, grad = loss_and_gradient(mu, pushes, observed)
    rate = 0.1 / abs(grad)  # the first trial moves mu by 0.1
    print("%4s %10s %12s %12s" % ("step", "mu", "loss", "dL/dmu"))
    for k in range(100):
        print("%4d %10.6f %12.4e %12.4e" % (k, mu, loss, grad))
        if loss < 1e-12 or grad == 0:
            break
        for _ in range(60):  # gradient descent: the step halved until the loss decreases
            trial = max(mu - rate * grad, 0.01 * mu)  # mu stays positive
            tl, tg = loss_and_gradient(trial, pushes, observed)
            if tl < loss:
                mu, loss, grad = trial, tl, tg
                rate *= 2
                break
            rate *= 0.5
        else:
            break
    print("fitted mu = %.6f (true %.2f)" % (mu, TRUE_MU))
    # the same derivative forward: jvp in the direction dmu = 1 for each contact
    res = step(1.0, mu)
    print("d v / d mu at push 1 m/s, contact 0 (t1, t2, n): %s" % np.round(res.jvp(dmu=1.0).v[:3], 4))
    if abs(mu - TRUE_MU) > 1e-6:
        raise SystemExit("the fit did not recover mu")


if __name__ == "__main__":
    main()
