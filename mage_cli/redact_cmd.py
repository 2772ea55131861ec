"""`mage redact`: check committed-to-be files for secrets; install the pre-commit hook."""

import sys

import click

from mage_cli.common import echo_json, json_option, kb_option, open_kb


@click.command()
@click.argument("paths", nargs=-1, type=click.Path(path_type=str, allow_dash=True))
@click.option("--check", is_flag=True, help="Scan for secrets; exit 1 and list path:line: kind if any "
                                             "(a PATH of `-` reads standard input).")
@click.option("--staged", is_flag=True, help="With --check: scan the staged content of mage/ (what git commits).")
@click.option("--install-hook", is_flag=True, help="Write a git pre-commit hook that runs the staged check.")
@click.option("--rescrub", is_flag=True, help="Scrub .mage/ again under today's rules, rebuild the index, report mage/.")
@kb_option
@json_option
@click.pass_context
def redact(ctx, paths, check, staged, install_hook, rescrub, kb_dir, as_json):
    """Keep secrets out of mage/: find them, or refuse commits that carry them.

    Everything mage writes is already scrubbed; this checks what a person
    typed by hand. `--check` scans every file under the KB's mage/ folder (or
    the PATHS given; `-` is standard input) and prints `path:line: kind` for
    each secret, never the secret itself, then a one-line summary: exit 1 if
    any, 0 when clean. `--install-hook` writes
    .git/hooks/pre-commit (only if there is none, or it is mage's own) so git
    refuses a commit that would put a secret into mage/. `--rescrub` runs
    today's scrub rules over what was captured under older ones (the trail,
    staging, the search index) and lists, without changing them, the secrets
    in mage/; the first hook run after an upgrade starts it by itself.

    \b
    Examples:
      mage redact --check
      mage redact --check mage/notes/deploy-keys.md --json
      git diff | mage redact --check -
      mage redact --install-hook
      mage redact --rescrub
    """
    chosen = [name for name, given in (("--check", check), ("--install-hook", install_hook),
                                       ("--rescrub", rescrub)) if given]
    if len(chosen) != 1:
        raise click.UsageError("choose one action: --check [PATH…|-], --install-hook or --rescrub"
                               + (f", not {' and '.join(chosen)}" if chosen else ""))
    if staged and not check:
        raise click.UsageError("--staged goes with --check: mage redact --check --staged")
    if rescrub:
        _rescrub(kb_dir, as_json)
    elif install_hook:
        _install(kb_dir, as_json)
    else:
        _check(kb_dir, paths, staged, as_json)


def _install(kb_dir, as_json: bool) -> None:
    from mage_engine.hosts.git_precommit import install_pre_commit_hook

    path = install_pre_commit_hook(open_kb(kb_dir))
    if as_json:
        echo_json({"installed": str(path), "bypass": "git commit --no-verify"})
        return
    click.echo(f"Installed the pre-commit hook at {path}")
    click.echo("git now refuses a commit that would put a secret into mage/ (bypass once: git commit --no-verify).")


def _rescrub(kb_dir, as_json) -> None:
    from mage_engine.grooming.rescrub import rescrub

    result = rescrub(open_kb(kb_dir))
    notes = [finding._asdict() for finding in result.notes]
    if as_json:
        echo_json({"rules_version": result.version, "files_rewritten": result.files,
                   "records_changed": result.records, "index_docs": result.index_docs, "notes": notes})
        return
    click.echo(f"Re-scrubbed .mage/ under scrub rules v{result.version}: {result.records} record(s) changed "
               f"in {result.files} file(s); search index rebuilt ({max(result.index_docs, 0)} documents).")
    for finding in result.notes:
        click.echo(f"{finding.path}:{finding.line}: {finding.kind}")
    if result.notes:
        click.echo(f"{len(result.notes)} secret(s) in mage/ left as they are (notes are yours): remove them, "
                   "or write [REDACTED:kind] in their place, and rotate them", err=True)


def _check(kb_dir, paths, staged, as_json) -> None:
    from mage_engine.grooming.redact_check import check_bytes, scan_paths, scan_staged

    if staged and paths:
        raise click.UsageError("--staged scans what git is about to commit; give no PATHS with it")
    kb = open_kb(kb_dir)
    files = [p for p in paths if p != "-"]
    if staged:
        findings, scanned = scan_staged(kb)
    else:
        findings, scanned = scan_paths(kb, files or None) if files or "-" not in paths else ([], 0)
    if "-" in paths:
        findings, scanned = findings + check_bytes("-", sys.stdin.buffer.read()), scanned + 1
    if as_json:
        echo_json({"clean": not findings, "files": scanned, "findings": [f._asdict() for f in findings]})
    else:
        for finding in findings:
            click.echo(f"{finding.path}:{finding.line}: {finding.kind}")
        _summary(findings, scanned, staged, paths)
    if findings:
        sys.exit(1)  # findings are a result, not an error: exit 1 with no "mage: error" line


def _summary(findings, scanned: int, staged: bool, paths) -> None:
    where = "staged under mage/" if staged else ("given" if paths else "under mage/")
    files = f"{scanned} file{'s' if scanned != 1 else ''} {where}"
    if findings:
        holding = len({finding.path for finding in findings})
        click.echo(f"mage: {len(findings)} secret(s) found in {holding} of {files}; remove them "
                   "(or write [REDACTED:kind] in their place) and try again", err=True)
    else:
        click.echo(f"no secrets in {files}")
