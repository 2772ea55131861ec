"""`mage session steps` and `mage session graph`: the procedural graph listed (registered in session_cmds)."""

import click

from mage_cli.common import echo_json, json_option, kb_option, open_kb


@click.command()
@kb_option
@json_option
def steps(kb_dir, as_json):
    """List every step the graph knows (normalised: one name per step), with its transitions in and out.

    \b
    Example:
      mage session steps
      mage session steps --json
    """
    from mage_engine.recall.procedure import graph

    cache = graph.build(open_kb(kb_dir))
    names, edges = graph.steps(cache), graph.edges(cache)
    rows = [{"key": key, "name": name, "out": sum(e["from"] == key for e in edges),
             "in": sum(e["to"] == key for e in edges), "procedure": key in (cache.get("note_steps") or {})}
            for key, name in names.items()]
    if as_json:
        echo_json(rows)
        return
    if not rows:
        click.echo('No steps yet: declare one with `mage session turn SESSION --at "STEP"`.')
    for row in rows:
        kind = "  (procedure note)" if row["procedure"] else ""
        click.echo(f"{row['name']}  [{row['in']} in / {row['out']} out]{kind}")


@click.command(name="graph")
@click.option("--from", "start", metavar="STEP", help="Only the steps reachable from STEP.")
@click.option("--dot", "as_dot", is_flag=True, help="Print Graphviz dot (`| dot -Tsvg`).")
@kb_option
@json_option
def graph_command(start, as_dot, kb_dir, as_json):
    """Print the graph: each step, its outgoing transitions with advice and outcomes, where sessions stand.

    \b
    Example:
      mage session graph
      mage session graph --from test --dot | dot -Tsvg > graph.svg
    """
    from mage_engine.recall.procedure import graph, view

    cache = graph.build(open_kb(kb_dir))
    found = view.rows(cache, start)
    if as_json:
        echo_json({"steps": found, "problems": cache.get("problems", [])})
    elif as_dot:
        click.echo(view.dot(found))
    elif found:
        click.echo(view.text(found))
    else:
        click.echo(f"no step named {start!r} in the graph" if start else
                   'The graph is empty: declare steps with `mage session turn SESSION --at "STEP"`.')
    for problem in cache.get("problems", []) if not as_json else []:
        click.echo(f"warning: {problem}", err=True)
