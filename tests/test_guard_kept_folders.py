"""A hook process keeps the folders it walks to open (kb/guard.py keep_folders_open): what another
process does to them meanwhile must not make it write to the wrong place or fail."""

import os
import shutil

import pytest

from mage_engine.kb import guard


@pytest.fixture
def kept(tmp_path):
    (tmp_path / ".mage" / "state").mkdir(parents=True)
    guard.trust(tmp_path)
    guard.keep_folders_open()
    yield tmp_path
    for descriptor in guard._kept[1].values():
        os.close(descriptor)
    guard._kept = None


def write(path, text: str) -> None:
    descriptor = guard.open_file(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, create_dirs=True)
    try:
        os.write(descriptor, text.encode())
    finally:
        os.close(descriptor)


def test_a_folder_removed_and_made_again_by_another_process_is_walked_to_afresh(kept):
    folder = kept / ".mage" / "state" / "sessions"
    write(folder / "a.json", "one")
    shutil.rmtree(folder)  # another process (a checkout, a person) removes it...
    folder.mkdir()  # ...and makes it again
    write(folder / "b.json", "two")
    assert (folder / "b.json").read_text() == "two"  # on disk where the path says, not in the removed folder
    assert guard.read_bytes(folder / "b.json", 100) == b"two"


def test_a_folder_that_is_not_there_is_reported_missing_and_the_kept_ones_stay(kept):
    write(kept / ".mage" / "state" / "x.json", "{}")
    before = dict(guard._kept[1])
    with pytest.raises(FileNotFoundError):
        guard.read_bytes(kept / ".mage" / "state" / "context" / "s1", 100)
    assert guard._kept[1] == before  # nothing dropped: .mage/state is where it was


def test_a_link_put_in_place_of_a_kept_folder_is_not_followed(kept, tmp_path_factory):
    outside = tmp_path_factory.mktemp("outside")
    folder = kept / ".mage" / "state" / "sessions"
    write(folder / "a.json", "one")
    shutil.rmtree(folder)
    folder.symlink_to(outside, target_is_directory=True)
    with pytest.raises(OSError):
        write(folder / "b.json", "two")
    assert not list(outside.iterdir())


def test_a_folder_moved_away_and_made_again_is_written_where_its_path_says(kept):
    folder = kept / ".mage" / "state" / "sessions"
    write(folder / "a.json", "one")
    folder.rename(folder.with_name("sessions.bak"))
    folder.mkdir()
    write(folder / "b.json", "two")
    assert (folder / "b.json").read_text() == "two" and not (folder.with_name("sessions.bak") / "b.json").exists()
