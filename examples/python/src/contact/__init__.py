"""contact - NumPy interface to contact.h, the frictional contact solvers of one time step.

    import numpy as np, contact
    G = np.eye(3); g = np.array([1.0, 0.0, -1.0]); mu = 0.5   # one contact, (t1, t2, normal)
    res = contact.solve(G, g, mu, method="ADMM_NCP")
    res.lam, res.v, res.status, res.iterations, res.ncp.absolute, res.history.criterion

Rows are [bilateral nb | unilateral nu | contacts, 3 rows each (t1, t2, normal)]; v = (G + R)
lambda + g. ctypes calls the header compiled into a shared library at install time, in double
and in float (float32 arrays run the float build); every call releases the GIL.

    solve, Solver            ct_solve and the solver object (setup once, update, solve)
    jvp, vjp                 derivatives of an answer (ct_jvp, ct_vjp)
    criteria, velocity, contact_modes
    project_cone, project_dual_cone, project_polar_cone, project_disk, project_pyramid,
    clamp_box_tangent, project_cone_metric, desaxce, project_constraints,
    project_dual_constraints
    compliance_mujoco, compliance_sap, compliance_contactbench, compliance_spring_damper
    inverse_dynamics, delassus_from_mj, block_sparse
    methods(), default_settings(), ContactError, lib(dtype) (the raw ctypes layer)
    Cancel, Progress         stopping a solve: cancel=Cancel() from another thread,
                             progress=callable(Progress) -> True to stop; time_limit= seconds

The manual is docs/python.md in the repository; the C API, whose contracts these functions
keep, is docs/api.md.
"""

from . import _ffi
from ._core import (Cancel, ContactError, History, Progress, Residuals, Result, Solver, SolverState, block_sparse, default_settings,
                    methods, solve)
from ._tools import (JVP, VJP, clamp_box_tangent, compliance_contactbench, compliance_mujoco, compliance_sap,
                     compliance_spring_damper, contact_modes, criteria, delassus_from_mj, desaxce, inverse_dynamics,
                     jvp, project_cone, project_cone_metric, project_constraints, project_disk, project_dual_cone,
                     project_dual_constraints, project_polar_cone, project_pyramid, velocity, vjp)

for _cls in (Cancel, ContactError, History, JVP, Progress, Residuals, Result, Solver, SolverState, VJP):
    _cls.__module__ = __name__  # contact.ContactError in tracebacks, not contact._core.ContactError

__version__ = _ffi.API["version"]
lib = _ffi.lib


def header_version():
    """ct_version() of the compiled header."""
    return _ffi.lib().ct_version().decode()


__all__ = [
    "Cancel", "ContactError", "History", "JVP", "Progress", "Residuals", "Result", "Solver", "SolverState", "VJP", "block_sparse",
    "clamp_box_tangent", "compliance_contactbench", "compliance_mujoco", "compliance_sap",
    "compliance_spring_damper", "contact_modes", "criteria", "default_settings", "delassus_from_mj", "desaxce",
    "header_version", "inverse_dynamics", "jvp", "lib", "methods", "project_cone", "project_cone_metric",
    "project_constraints", "project_disk", "project_dual_cone", "project_dual_constraints", "project_polar_cone",
    "project_pyramid", "solve", "velocity", "vjp",
]
