import shutil
from tests.helpers_tui import *
async def test_a(tmp_path):
    kb = demo_kb(tmp_path)
    app = app_on(kb)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press(pilot, "j")
async def test_b(tmp_path):
    kb = demo_kb(tmp_path)
    import os
    dest = os.environ["DUMP"]
    shutil.rmtree(dest, ignore_errors=True)
    shutil.copytree(kb.root, dest)
