"""base/fs.py answers as `os` and `os.path` do: the hook path's file system without importing os.

Every hook runs these in place of os's own (the busiest never import os at all:
test_hook_launcher.py), so each is held to os's answer on the paths that trip
path code up: links (relative, absolute, chained, dangling, looping), `..` after
a link, doubled and trailing slashes, empty and dotted parts.
"""

import os
import subprocess
import sys

import pytest

from mage_engine.base import fs

PLAIN = ["", ".", "..", "/", "//", "///", "a", "a/", "a//b", "/a/b/", "//a/b", "///a", "a/./b", "a/../b",
         "../a", "/../a", "a/b/../../..", "./a/.", "~", "~/x", "a/~", "x/.hidden", "/a/b/c.d"]


@pytest.mark.parametrize("path", PLAIN)
def test_the_pure_path_functions_answer_as_os_path(path):
    for name in ("dirname", "basename", "split", "isabs", "normpath"):
        assert getattr(fs, name)(path) == getattr(os.path, name)(path), (name, path)
    assert fs.abspath(path) == os.path.abspath(path)
    assert fs._normpath(path) == os.path.normpath(path)  # for a Python whose posix has no C normpath


@pytest.mark.parametrize("parts", [("a", "b"), ("a/", "b"), ("a", "/b"), ("", "b"), ("a", ""), ("/", "a", "b/"),
                                   ("a", "b", "/c", "d")])
def test_join_answers_as_os_path(parts):
    assert fs.join(*parts) == os.path.join(*parts)


@pytest.mark.parametrize("path, start", [("/a/b/c", "/a"), ("/a", "/a/b/c"), ("/a/b", "/a/b"), ("/x/y", "/a/b"),
                                         ("a/b", "."), ("/", "/a")])
def test_relpath_answers_as_os_path(path, start):
    assert fs.relpath(path, start) == os.path.relpath(path, start)
    with pytest.raises(ValueError):
        fs.relpath("", start)


@pytest.fixture
def tree(tmp_path):
    """Folders and links of every kind that realpath must resolve (or leave) as os.path does."""
    (tmp_path / "real" / "deep").mkdir(parents=True)
    (tmp_path / "real" / "file").write_text("x")
    (tmp_path / "rel").symlink_to("real")
    (tmp_path / "abs").symlink_to(tmp_path / "real")
    (tmp_path / "chain").symlink_to("rel/deep")
    (tmp_path / "up").symlink_to("real/deep/..")
    (tmp_path / "dangling").symlink_to("nowhere/at/all")
    (tmp_path / "loop1").symlink_to("loop2")
    (tmp_path / "loop2").symlink_to("loop1")
    (tmp_path / "self").symlink_to("self")
    return tmp_path


@pytest.mark.parametrize("rest", ["real", "rel", "rel/deep", "abs/deep/../file", "chain", "chain/..", "up",
                                  "up/file", "dangling", "dangling/more", "loop1", "loop1/x", "self", "rel/../abs",
                                  "missing/../rel", "rel/", "./rel//deep/."])
def test_realpath_resolves_links_as_os_path(tree, rest, monkeypatch):
    assert fs.realpath(f"{tree}/{rest}") == os.path.realpath(f"{tree}/{rest}")
    monkeypatch.chdir(tree)
    assert fs.realpath(rest) == os.path.realpath(rest)


def test_the_file_tests_answer_as_os_path(tree):
    for rest in ("real", "real/file", "rel", "rel/file", "dangling", "loop1", "missing", "real/file/x"):
        path = f"{tree}/{rest}"
        assert (fs.exists(path), fs.isfile(path), fs.isdir(path)) == \
            (os.path.exists(path), os.path.isfile(path), os.path.isdir(path)), rest
    assert not fs.exists("bad\0path") and not fs.isfile("bad\0path")


def test_expanduser_reads_home_as_os_path(monkeypatch):
    for home in ("/home/someone", "/home/someone/", "/"):
        monkeypatch.setenv("HOME", home)
        for path in ("~", "~/", "~/notes", "a/~", "/~"):
            assert fs.expanduser(path) == os.path.expanduser(path), (home, path)
    assert fs.expanduser("~root/x") == os.path.expanduser("~root/x")  # another user's: os.path looks it up


def test_makedirs_makes_every_parent_and_keeps_os_errors(tmp_path):
    fs.makedirs(str(tmp_path / "a" / "b" / "c"))
    assert (tmp_path / "a" / "b" / "c").is_dir()
    fs.makedirs(str(tmp_path / "a" / "b"), exist_ok=True)
    with pytest.raises(FileExistsError):
        fs.makedirs(str(tmp_path / "a" / "b"))
    (tmp_path / "file").write_text("x")
    with pytest.raises(FileExistsError):
        fs.makedirs(str(tmp_path / "file"), exist_ok=True)  # a file in the way is no folder that exists
    with pytest.raises(NotADirectoryError):
        fs.makedirs(str(tmp_path / "file" / "below"))


def test_the_environment_is_os_environ_once_os_is_loaded(monkeypatch):
    monkeypatch.setenv("MAGE_FS_PROBE", "changed in this process")
    assert fs.getenv("MAGE_FS_PROBE") == "changed in this process"
    assert fs.environ()["MAGE_FS_PROBE"] == "changed in this process"
    monkeypatch.delenv("MAGE_FS_PROBE")
    assert fs.getenv("MAGE_FS_PROBE", "absent") == "absent"


def test_without_os_the_environment_is_the_one_the_process_started_with(tmp_path):
    probe = ("import sys; from mage_engine.base import fs; "
             "print(fs.getenv('MAGE_FS_PROBE'), fs.getenv('MAGE_FS_NONE', '-'), fs.environ()['MAGE_FS_PROBE'], "
             "fs.realpath('.'), fs.expanduser('~/x'), 'os' in sys.modules)")
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(fs.__file__))))
    done = subprocess.run([sys.executable, "-I", "-S", "-c", f"import sys; sys.path.append({root!r}); {probe}"],
                          capture_output=True, text=True, cwd=tmp_path, check=True,
                          env={"MAGE_FS_PROBE": "café ☕", "HOME": "/home/probe"})
    assert done.stdout.split() == ["café", "☕", "-", "café", "☕", str(tmp_path.resolve()), "/home/probe/x", "False"]
