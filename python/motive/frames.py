"""Results as pandas DataFrames: which parts of a result are tables, and how each becomes one.

A table is named by where it sits in the result ("rows", "policies", "correlation", "agents",
"trajectories", ...). Some results are read by their analysis, because their rows only make sense
with the labels beside them (a setting's values with the variables, a SICA matrix with its players,
an adventure's scores flattened per agent, trajectories one row per step); every other list of
records anywhere in a result is a table too, its nested fields flattened into dotted columns.
pandas is imported only when a table is asked for.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

Maker = Callable[[], Any]


def _pd():
    import pandas as pd

    return pd


def _records(items: list) -> Any:
    return _pd().json_normalize(items, sep=".")


def _is_records(value: Any) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(v, Mapping) for v in value)


def _is_matrix(value: Any, size: int) -> bool:
    return (
        isinstance(value, list)
        and len(value) == size
        and all(isinstance(row, list) and len(row) == size for row in value)
    )


def _settings(result: Mapping) -> dict[str, Maker]:
    """settings: one row per setting (and choice), the variables' values as columns, the noise
    outcomes as noise.<variable>."""

    def make():
        variables = list(result.get("variables", []))
        noise = list(result.get("noise", []))
        rows = []
        for row in result.get("rows", []):
            out = {"setting": row.get("setting"), "probability": row.get("probability"),
                   "weight": row.get("weight")}
            for name, value in zip(noise, row.get("noise", [])):
                out[f"noise.{name}"] = value
            for name, value in zip(variables, row.get("values", [])):
                out[name] = value
            for key, value in row.items():
                if key not in ("setting", "probability", "weight", "noise", "values"):
                    out[key] = value
            rows.append(out)
        columns = ["setting", "probability", "weight"] + [f"noise.{n}" for n in noise] + variables
        frame = _pd().DataFrame(rows)
        return frame[[c for c in columns if c in frame.columns] + [c for c in frame.columns if c not in columns]]

    return {"rows": make}


def _labelled_matrix(result: Mapping, key: str, labels: list) -> Maker:
    return lambda: _pd().DataFrame(result[key], index=labels, columns=labels)


def _sica(result: Mapping) -> dict[str, Maker]:
    """sica: the correlation matrix (and its standard errors, and the exact matrix when asked) with
    the players as rows and columns."""
    players = list(result.get("players", []))
    out: dict[str, Maker] = {}
    for key in ("correlation", "standard_error"):
        if _is_matrix(result.get(key), len(players)):
            out[key] = _labelled_matrix(result, key, players)
    exact = result.get("exact")
    if isinstance(exact, Mapping) and _is_matrix(exact.get("correlation"), len(players)):
        out["exact.correlation"] = _labelled_matrix(exact, "correlation", players)
    return out


def _scores(result: Mapping) -> dict[str, Maker]:
    """adventure scores: one row per agent, with its reward, points, steps, every count and
    behaviour score (counts.<name>, behaviour.<name>) and the probability of each ending."""

    def make():
        rows = []
        for agent in result.get("agents", []):
            row = {"agent": agent.get("agent"), "label": agent.get("label"),
                   "deterministic": agent.get("deterministic"), "exact": agent.get("exact")}
            scores = agent.get("scores", {})
            for key, value in scores.items():
                if isinstance(value, Mapping):
                    for name, x in value.items():
                        row[f"{key}.{name}"] = x
                else:
                    row[key] = value
            for ending, p in (agent.get("endings") or {}).items():
                row[f"ending.{ending}"] = p
            rows.append(row)
        return _pd().DataFrame(rows).set_index("agent")

    return {"agents": make}


def _trajectories(result: Mapping) -> dict[str, Maker]:
    """MDP trajectories: one row per step, with the trajectory's index and the step's index."""

    def make():
        rows = []
        for j, trajectory in enumerate(result.get("trajectories", [])):
            for t, step in enumerate(trajectory):
                rows.append({"trajectory": j, "step": t, **step})
        return _pd().DataFrame(rows)

    out = {"trajectories": make}
    if isinstance(result.get("returns"), list):
        out["returns"] = lambda: _pd().DataFrame({"return": result["returns"]}).rename_axis("trajectory")
    return out


def _play(result: Mapping) -> dict[str, Maker]:
    """A play (of a game or an adventure): one row per step, nested fields flattened."""
    if _is_records(result.get("steps")):
        return {"steps": lambda: _records(result["steps"])}
    return {}


# The analyses whose tables need their labels, by (kind, analysis); kind None matches every kind.
_READERS: dict[tuple[str | None, str], Callable[[Mapping], dict[str, Maker]]] = {
    ("scim", "settings"): _settings,
    ("game", "sica"): _sica,
    ("adventure", "scores"): _scores,
    ("gridworld", "trajectories"): _trajectories,
    ("mdp", "trajectories"): _trajectories,
    (None, "play"): _play,
}


def _generic(value: Any, prefix: str, out: dict[str, Maker], depth: int = 0) -> None:
    """Every list of records in the result (up to three levels down), by its dotted path."""
    if depth > 3 or not isinstance(value, Mapping):
        return
    for key, item in value.items():
        name = f"{prefix}{key}"
        if _is_records(item):
            out.setdefault(name, (lambda items: lambda: _records(items))(item))
        elif isinstance(item, Mapping):
            _generic(item, name + ".", out, depth + 1)


def tables(kind: str, analysis: str, result: Mapping) -> dict[str, Maker]:
    """The tables of one result, by name, the main one first; each value makes its DataFrame."""
    out: dict[str, Maker] = {}
    reader = _READERS.get((kind, analysis)) or _READERS.get((None, analysis))
    if reader is not None:
        out.update(reader(result))
    _generic(result, "", out)
    return out
