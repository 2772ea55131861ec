"""Every language: notes and prompts in Chinese, Japanese and Korean are found and hinted.

CJK text has no spaces between words, so before this it was one token per
sentence, too long to index: nothing written in these scripts could be found.
The notes sit beside English ones (a team that writes in both), indexed by the
real `mage index`; prompts go through the real hook.
"""

import pytest

from helpers.process import run_mage
from helpers.hook import run_hook
from helpers.recall import indexed_kb_of, injected, prompt_payload

NOTES = {
    "db-pool-exhausted": ("数据库连接池耗尽", "订单服务在高峰期报错，连接池被长事务占满。把外部调用移出事务，并把最大连接数调到四十。"),
    "deploy-key-rotation": ("部署密钥轮换", "服务器用只读部署密钥拉取代码。密钥泄露时先删除旧密钥，再生成新的。"),
    "jp-cache-stale": ("ビルドキャッシュが古いまま", "依存関係を更新してもビルドキャッシュが消えないので、CIのキャッシュキーにロックファイルのハッシュを入れる。"),
    "kr-timezone": ("예약 시간대 오류", "예약 확인 문자가 한 시간 늦게 표시되었다. 서버 시간대가 아니라 병원 시간대를 사용해야 한다."),
    "tf-state-lock": ("Clearing a stuck Terraform state lock", "terraform plan stops with Error acquiring the state lock; "
                                                                  "check nobody runs apply, then force-unlock."),
}


@pytest.fixture(scope="module")
def kb(tmp_path_factory):
    return indexed_kb_of(tmp_path_factory.mktemp("cjk") / "project", NOTES)


def hinted(kb, prompt):
    return injected(run_hook("UserPromptSubmit", prompt_payload(kb, prompt, "s-cjk")))


@pytest.mark.parametrize("prompt, note", [
    ("订单服务又报错了，连接池好像被占满了，怎么办？", "db-pool-exhausted"),
    ("部署密钥泄露了，要怎么处理", "deploy-key-rotation"),
    ("CIのビルドキャッシュが古いままで、依存関係の更新が反映されない", "jp-cache-stale"),
    ("예약 확인 문자가 한 시간 늦게 와요", "kr-timezone"),
])
def test_a_prompt_in_chinese_japanese_or_korean_gets_its_note(kb, prompt, note):
    assert f"- {note}: " in hinted(kb, prompt)


@pytest.mark.parametrize("title, note", [("数据库连接池耗尽", "db-pool-exhausted"), ("部署密钥轮换", "deploy-key-rotation"),
                                         ("예약 시간대 오류", "kr-timezone")])
def test_a_short_exact_cjk_title_is_hinted(kb, title, note):
    text = hinted(kb, title)
    assert f"- {note}: {title} — " in text


def test_recall_finds_cjk_notes_and_english_still_works(kb):
    assert run_mage("recall", "连接池", cwd=kb.root).stdout.split()[1] == "db-pool-exhausted"
    assert "- tf-state-lock: " in hinted(kb, "terraform plan says Error acquiring the state lock")


@pytest.mark.parametrize("prompt", ["谢谢，没问题了", "ありがとうございます", "감사합니다", "今天天气怎么样？"])
def test_cjk_chatter_gets_no_hint(kb, prompt):
    assert hinted(kb, prompt) == ""


@pytest.mark.parametrize("prompt, words", [
    ("订单服务又报错了，连接池好像被占满了，怎么办？", "连接池好像被占满了"),
    ("CIのビルドキャッシュが古いままで、依存関係の更新が反映されない", "ビルドキャッシュが古いままで"),
])
def test_the_follow_up_query_keeps_the_words_of_every_script(kb, prompt, words):
    follow_up = hinted(kb, prompt).splitlines()[-1]
    assert follow_up.startswith('More with: mage recall "') and words in follow_up
