"""Spring networks from Python against independent references: the closed-form sine modes of
a uniform chain (evaluated here with numpy), scipy's DOP853 integrator at rtol 1e-13, and
scipy's matrix exponential for directed (unsymmetric) networks."""

import math

import numpy as np
import pytest

import harmonic

scipy = pytest.importorskip("scipy")
from scipy.integrate import solve_ivp  # noqa: E402
from scipy.linalg import expm  # noqa: E402


def fixed_chain(n, k, m, alpha, beta, x0, v0):
    """`n` masses `m` between two walls, springs `k` with dampers `beta·k` beside them and drag
    `alpha·m` on every node (Rayleigh damping C = alpha·M + beta·K)."""
    nodes = [{"position": float(x0[i]), "velocity": float(v0[i]), "mass": m, "drag": alpha * m} for i in range(n)]
    edges = [{"from": 0, "anchor": 0, "stiffness": k, "damping": beta * k},
             {"from": n - 1, "anchor": 0, "stiffness": k, "damping": beta * k}]
    edges += [{"from": i, "to": i - 1, "stiffness": k, "damping": beta * k} for i in range(1, n)]
    return harmonic.SpringNetwork(nodes, edges, anchors=[0.0])


def chain_closed_form(n, k, m, alpha, beta, x0, v0, times):
    """The chain's modes in closed form: shapes sin(i·j·π/(n+1)), λ_j = (4k/m)·sin²(jπ/(2(n+1))),
    each mode a damped oscillator with c_j = alpha + beta·λ_j (every regime written out)."""
    i = np.arange(1, n + 1)
    shapes = np.sqrt(2 / (n + 1)) * np.sin(np.outer(i, i) * np.pi / (n + 1))  # orthonormal, symmetric
    lam = 4 * k / m * np.sin(i * np.pi / (2 * (n + 1))) ** 2
    q0, p0 = shapes @ x0, shapes @ v0
    out = np.empty((len(times), n))
    for row, t in enumerate(times):
        q = np.empty(n)
        for j in range(n):
            c = alpha + beta * lam[j]
            s = c / 2
            disc = lam[j] - s * s
            if disc > 1e-12 * lam[j]:
                w = math.sqrt(disc)
                q[j] = math.exp(-s * t) * (q0[j] * math.cos(w * t) + (p0[j] + s * q0[j]) / w * math.sin(w * t))
            elif disc < -1e-12 * lam[j]:
                root = math.sqrt(-disc)
                slow, fast = -lam[j] / (s + root), -(s + root)
                a = (p0[j] - fast * q0[j]) / (slow - fast)
                q[j] = a * math.exp(slow * t) + (q0[j] - a) * math.exp(fast * t)
            else:
                q[j] = (q0[j] + (p0[j] + s * q0[j]) * t) * math.exp(-s * t)
        out[row] = shapes @ q
    return out


@pytest.mark.parametrize("n", [2, 50, 200])
@pytest.mark.parametrize("k", [1e-2, 1.0, 1e6])
@pytest.mark.parametrize("regime", ["undamped", "light", "mixed", "heavy"])
def test_chains_match_their_closed_form_for_ten_seconds(n, k, regime):
    m = 1.0
    omega = math.sqrt(k / m)
    # Rayleigh coefficients: light leaves every mode ringing; mixed overdamps the fast modes
    # and underdamps the slow ones; heavy overdamps them all.
    alpha, beta = {"undamped": (0.0, 0.0), "light": (0.02 * omega, 0.0),
                   "mixed": (0.0, 1.0 / omega), "heavy": (50 * omega, 0.0)}[regime]
    rng = np.random.default_rng(n)
    x0, v0 = rng.uniform(-1, 1, n), omega * rng.uniform(-1, 1, n)
    net = fixed_chain(n, k, m, alpha, beta, x0, v0)
    assert net.method == "modal"
    times = np.linspace(0, 10, 41)
    expected = chain_closed_form(n, k, m, alpha, beta, x0, v0, times)
    got = net.sample(times)[:, :, 0]
    scale = max(np.abs(x0).max(), np.abs(v0).max() / omega)
    error = np.abs(got - expected).max() / scale
    assert error <= 1e-10, f"n={n} k={k} {regime}: {error:.2e}"


def directed_chain(n, k, c):
    nodes = [{"position": 1.0 + i, "velocity": 0.5} for i in range(n)]
    edges = [{"from": 0, "anchor": 0, "stiffness": k, "damping": c}]
    edges += [{"from": i, "to": i - 1, "stiffness": k * (1 + 0.1 * i), "damping": c, "directed": True}
              for i in range(1, n)]
    return harmonic.SpringNetwork(nodes, edges, anchors=[0.0]), nodes, edges


def state_matrix(n, edges, masses=None):
    masses = np.ones(n) if masses is None else masses
    K, C = np.zeros((n, n)), np.zeros((n, n))
    for e in edges:
        i = e["from"]
        K[i, i] += e["stiffness"]
        C[i, i] += e.get("damping", 0)
        if "to" in e:
            j = e["to"]
            K[i, j] -= e["stiffness"]
            C[i, j] -= e.get("damping", 0)
            if not e.get("directed", False):
                K[j, j] += e["stiffness"]
                C[j, j] += e.get("damping", 0)
                K[j, i] -= e["stiffness"]
                C[j, i] -= e.get("damping", 0)
    A = np.zeros((2 * n, 2 * n))
    A[:n, n:] = np.eye(n)
    A[n:, :n] = -K / masses[:, None]
    A[n:, n:] = -C / masses[:, None]
    return A


@pytest.mark.parametrize("n", [2, 12])
@pytest.mark.parametrize("c", [0.5, 6.0, 40.0])
def test_directed_chains_match_dop853_and_expm(n, c):
    net, nodes, edges = directed_chain(n, 100.0, c)
    assert net.method in ("stateSpace", "exponential")
    A = state_matrix(n, edges)
    s0 = np.concatenate([[nd["position"] for nd in nodes], [nd["velocity"] for nd in nodes]])
    times = np.array([0.0, 0.3, 1.0, 4.0, 10.0])
    got = net.sample(times)[:, :, 0]
    references = np.array([(expm(A * t) @ s0)[:n] for t in times])
    # The motion's scale: a lightly damped directed chain amplifies its start a million-fold
    # (each link drives the next near its resonance), and that is the scale errors compare with.
    scale = max(np.abs(s0[:n]).max(), np.abs(references).max())
    for row, t in enumerate(times):
        assert np.abs(got[row] - references[row]).max() <= 1e-10 * scale, f"expm t={t}"
    solution = solve_ivp(lambda t, s: A @ s, (0, 10), s0, method="DOP853", t_eval=times, rtol=1e-13, atol=1e-14)
    assert solution.success
    assert np.abs(got - solution.y[:n].T).max() <= 1e-9 * scale


def test_gravity_pins_and_retargeting_match_dop853():
    nodes = [{"position": [0, 0], "pinned": True}, {"position": [30, 5]}, {"position": [60, -5], "mass": 2},
             {"position": [90, 0], "drag": 0.3}]
    edges = [{"from": 1, "to": 0, "stiffness": 80, "damping": 0.4, "rest": [30, 0]},
             {"from": 2, "to": 1, "stiffness": 60, "damping": 1.5, "rest": [30, 0]},
             {"from": 3, "to": 2, "stiffness": 40, "damping": 0.2, "rest": [30, 0]}]
    net = harmonic.SpringNetwork(nodes, edges, gravity=[0, 9.8],
                                 retarget=[{"time": 1.5, "pinned": [{"node": 0, "position": [10, -20]}]}])

    def rhs(pin):
        def f(t, s):
            x, v = s[:8].reshape(4, 2), s[8:].reshape(4, 2)
            x = x.copy()
            x[0] = pin
            a = np.zeros((4, 2))
            mass = np.array([1, 1, 2, 1.0])
            for e in edges:
                i, j = e["from"], e["to"]
                force = -e["stiffness"] * (x[i] - x[j] - np.array(e["rest"])) - e["damping"] * (v[i] - v[j])
                a[i] += force
                a[j] -= force
            a[3] -= 0.3 * v[3]
            a = a / mass[:, None] + np.array([0, 9.8])
            a[0] = 0
            v = v.copy()
            v[0] = 0
            return np.concatenate([v.ravel(), a.ravel()])
        return f

    s0 = np.concatenate([np.array([n["position"] for n in nodes], float).ravel(), np.zeros(8)])
    first = solve_ivp(rhs(np.array([0.0, 0.0])), (0, 1.5), s0, method="DOP853", rtol=1e-13, atol=1e-12,
                      t_eval=[0.7, 1.5])
    s1 = first.y[:, -1].copy()
    s1[0:2] = [10, -20]
    second = solve_ivp(rhs(np.array([10.0, -20.0])), (1.5, 4), s1, method="DOP853", rtol=1e-13, atol=1e-12,
                       t_eval=[2.0, 4.0])
    got = net.sample(np.array([0.7, 1.5, 2.0, 4.0]))
    expected = np.concatenate([first.y[:8].T, second.y[:8].T]).reshape(4, 4, 2)
    expected[:2, 0] = [0, 0]
    assert np.abs(got[:, 1:] - expected[:, 1:]).max() <= 1e-9 * 90
    assert np.array_equal(got[2:, 0], [[10, -20], [10, -20]])


def test_shapes_evaluate_and_settling():
    net = harmonic.SpringNetwork(
        [{"position": [0, 0], "pinned": True}, {"position": [0, 40]}, {"position": [0, 80]}],
        [{"from": 1, "to": 0, "stiffness": 300, "damping": 30}, {"from": 2, "to": 1, "stiffness": 300, "damping": 30}],
        gravity=[0, 980])
    assert (net.nodes, net.dimensions, net.method, net.rigid_motions) == (3, 2, "modal", 0)
    free = harmonic.SpringNetwork([{"position": 0}, {"position": 1}], [{"from": 1, "to": 0, "stiffness": 5}])
    assert free.rigid_motions == 1
    values, velocities = net.sample(np.linspace(0, 1, 11), velocity=True)
    assert values.shape == velocities.shape == (11, 3, 2)
    position, velocity = net.evaluate(0.5)
    assert position.shape == (3, 2) and np.allclose(position, values[5], rtol=0, atol=1e-12)
    assert np.array_equal(net(0.5), position)
    assert np.array_equal(net.sample_grid(0, 1, 11), values)
    settle = net.settling_time(0.01)
    later = net.sample(np.linspace(settle, settle + 3, 301))
    rest = net.sample(np.array([1e3]))[0]
    assert np.abs(later - rest).max() <= 0.01 + 1e-12
    assert np.abs(net.sample(np.array([settle]))[0] - rest).max() == pytest.approx(0.01, abs=1e-9)


@pytest.mark.parametrize("nodes, edges, kwargs, message", [
    ([{"position": 0, "mass": float("nan")}], [], {}, "a network with NaN"),
    ([{"position": 0, "mass": -1}], [], {}, "springNetwork.nodes[0].mass = -1"),
    ([{"position": 0}], [{"from": 0, "to": 5, "stiffness": 1}], {}, "springNetwork.edges[0].to = 5"),
    ([{"position": 0}], [{"from": 0, "anchor": 0, "stiffness": -3}], {"anchors": [0]},
     "springNetwork.edges[0].stiffness = -3"),
    ([{"position": 0}], [], {"method": "rk4"}, "springNetwork.method = rk4"),
])
def test_bad_networks_raise_the_library_message(nodes, edges, kwargs, message):
    with pytest.raises(ValueError) as error:
        harmonic.SpringNetwork(nodes, edges, **kwargs)
    assert str(error.value).startswith(message)


@pytest.mark.parametrize("n", [2, 20])
@pytest.mark.parametrize("k", [1e-2, 1.0, 100.0])
@pytest.mark.parametrize("regime", ["undamped", "light", "mixed", "heavy"])
def test_chains_match_dop853_for_ten_seconds(n, k, regime):
    """The same chains against scipy's DOP853 at rtol 1e-13 (the stiffer chains are checked
    against their closed form above: an integrator at that tolerance over 10 s of a 10⁶ N/m
    chain takes minutes, and scipy's expm loses ~2^s ulps to its s ≈ 23 squarings there)."""
    m, omega = 1.0, math.sqrt(k)
    alpha, beta = {"undamped": (0.0, 0.0), "light": (0.02 * omega, 0.0),
                   "mixed": (0.0, 1.0 / omega), "heavy": (50 * omega, 0.0)}[regime]
    rng = np.random.default_rng(n + 7)
    x0, v0 = rng.uniform(-1, 1, n), omega * rng.uniform(-1, 1, n)
    net = fixed_chain(n, k, m, alpha, beta, x0, v0)
    K = k * (2 * np.eye(n) - np.eye(n, k=1) - np.eye(n, k=-1))
    C = alpha * m * np.eye(n) + beta * K
    A = np.block([[np.zeros((n, n)), np.eye(n)], [-K / m, -C / m]])
    times = np.linspace(0, 10, 11)
    scale = max(np.abs(x0).max(), np.abs(v0).max() / omega)
    solution = solve_ivp(lambda t, s: A @ s, (0, 10), np.concatenate([x0, v0]), method="DOP853", t_eval=times,
                         rtol=1e-13, atol=1e-13 * scale)
    assert solution.success
    error = np.abs(net.sample(times)[:, :, 0] - solution.y[:n].T).max() / scale
    assert error <= 1e-10, f"n={n} k={k} {regime}: {error:.2e}"
