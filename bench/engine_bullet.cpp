/* bench/engine_bullet.cpp - the scenes of bench/engine_scenes.h in Bullet: Bullet's side of
   `make bench-engine` (Debian's libbullet-dev; BT_USE_DOUBLE_PRECISION with the -float64
   libraries for the double build).

   Usage: engine_bullet SCENE        one run, one CSV row (the columns of engine_world.c)

   Bullet as a game uses it: btDiscreteDynamicsWorld, btDbvtBroadphase, the default collision
   configuration and dispatcher, btSequentialImpulseConstraintSolver with its default
   btContactSolverInfo (10 iterations, warm starting, split impulse), btStaticPlaneShape
   ground, btBoxShape and btSphereShape with their default margins. One stepSimulation(dt, 0)
   per step (exactly one internal step of dt), dt = 1/60 s (HZ env overrides). Friction:
   Bullet multiplies the two bodies' coefficients, so each gets sqrt(mu) and every pair mu;
   restitution 0. Deactivation (sleeping) is disabled: the world layer has none, and a sleeping
   body would report zero kinetic energy and cost nothing. Time: CPU time of stepSimulation. */
#include <btBulletDynamicsCommon.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>

#include "engine_scenes.h"

#ifdef BT_USE_DOUBLE_PRECISION
#define PRECISION "double"
#else
#define PRECISION "float"
#endif

static double cpu_seconds() {
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static void state_of(btRigidBody *b, es_state *s) {
    const btTransform &t = b->getWorldTransform();
    const btQuaternion q = t.getRotation();
    const btVector3 &v = b->getLinearVelocity(), &w = b->getAngularVelocity();
    s->x[0] = t.getOrigin().x(); s->x[1] = t.getOrigin().y(); s->x[2] = t.getOrigin().z();
    s->q[0] = q.w(); s->q[1] = q.x(); s->q[2] = q.y(); s->q[3] = q.z();
    s->v[0] = v.x(); s->v[1] = v.y(); s->v[2] = v.z();
    s->w[0] = w.x(); s->w[1] = w.y(); s->w[2] = w.z();
}

int main(int argc, char **argv) {
    es_scene sc;
    es_state st[ES_MAX], ref[ES_MAX];
    if (argc < 2 || !es_make(argv[1], &sc)) {
        std::fprintf(stderr, "usage: engine_bullet SCENE (stack5, stack10, pyramid20, ratio10, wall10)\n");
        return 2;
    }
    const double hz = std::getenv("HZ") ? std::atof(std::getenv("HZ")) : 60, dt = 1 / hz;
    const btScalar fr = (btScalar)std::sqrt(sc.mu);
    btDefaultCollisionConfiguration config;
    btCollisionDispatcher dispatcher(&config);
    btDbvtBroadphase broadphase;
    btSequentialImpulseConstraintSolver solver;
    btDiscreteDynamicsWorld world(&dispatcher, &broadphase, &solver, &config);
    world.setGravity(btVector3(0, 0, (btScalar)-9.81));

    btStaticPlaneShape ground_shape(btVector3(0, 0, 1), 0);
    btRigidBody::btRigidBodyConstructionInfo gci(0, 0, &ground_shape);
    btRigidBody ground(gci);
    ground.setFriction(fr);
    ground.setRestitution(0);
    world.addRigidBody(&ground);

    btCollisionShape *shapes[ES_MAX];
    btRigidBody *bodies[ES_MAX];
    for (int i = 0; i < sc.nbody; ++i) {
        const es_body &b = sc.body[i];
        if (b.shape == ES_BALL) shapes[i] = new btSphereShape((btScalar)b.half[0]);
        else shapes[i] = new btBoxShape(btVector3((btScalar)b.half[0], (btScalar)b.half[1], (btScalar)b.half[2]));
        double I[3];
        es_inertia(&b, I); /* the same inertia on both sides (Bullet's box includes its margin) */
        btTransform t;
        t.setIdentity();
        t.setOrigin(btVector3((btScalar)b.x[0], (btScalar)b.x[1], (btScalar)b.x[2]));
        btRigidBody::btRigidBodyConstructionInfo ci((btScalar)b.mass, 0, shapes[i],
                                                   btVector3((btScalar)I[0], (btScalar)I[1], (btScalar)I[2]));
        ci.m_startWorldTransform = t;
        bodies[i] = new btRigidBody(ci);
        bodies[i]->setFriction(fr);
        bodies[i]->setRestitution(0);
        bodies[i]->setActivationState(DISABLE_DEACTIVATION);
        bodies[i]->setLinearVelocity(btVector3((btScalar)b.v[0], (btScalar)b.v[1], (btScalar)b.v[2]));
        world.addRigidBody(bodies[i]);
    }
    for (int i = 0; i < sc.nbody; ++i) state_of(bodies[i], &ref[i]);
    const int steps = (int)(sc.seconds * hz + 0.5);
    double cpu = 0;
    for (int k = 0; k < steps; ++k) {
        const double t0 = cpu_seconds();
        world.stepSimulation((btScalar)dt, 0);
        cpu += cpu_seconds() - t0;
        if (sc.drift_from_half && k + 1 == steps / 2)
            for (int i = 0; i < sc.nbody; ++i) state_of(bodies[i], &ref[i]);
    }
    for (int i = 0; i < sc.nbody; ++i) state_of(bodies[i], &st[i]);
    const btContactSolverInfo &si = world.getSolverInfo();
    std::printf("bullet,%s,%s,default(%d iter),%d,%.3f,%.3e,%.3e,%.3e,%d,%.2f\n", PRECISION, sc.name,
                si.m_numIterations, steps, 1e6 * cpu / steps, es_drift(&sc, st, ref),
                es_penetration(&sc, st), es_kinetic(&sc, st), steps, (double)si.m_numIterations);
    for (int i = 0; i < sc.nbody; ++i) {
        world.removeRigidBody(bodies[i]);
        delete bodies[i];
        delete shapes[i];
    }
    world.removeRigidBody(&ground);
    return 0;
}
