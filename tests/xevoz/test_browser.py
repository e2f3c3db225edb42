"""One Xevoz round played by clicking in real JupyterLab + Chromium (notebook 02): the DOM and Python agree."""

from __future__ import annotations

import pytest

from tests.browser.fixtures import board_version, click_and_wait

NB = "notebooks/xevoz/02_battle_round.ipynb"
BOARD = ".tt-board[data-game='xevoz']"  # the first board on the page: the walkthrough's


def _lab(request: pytest.FixtureRequest):
    try:
        return request.getfixturevalue("lab")
    except pytest.FixtureLookupError:
        pytest.skip("the front-end kit's browser fixture (lab) is not available")



@pytest.mark.browser
def test_play_a_round_by_clicking(request: pytest.FixtureRequest) -> None:
    lab = _lab(request)
    page = lab.open_notebook(NB, wait_for=f"{BOARD} .xz-prompt")
    # jump to the walkthrough's last step, "Your turn": the board becomes interactive
    n = int(page.get_attribute(".tt-walk", "data-steps"))
    page.select_option("select.tt-walk-jump", index=n - 1)
    page.wait_for_selector(".tt-walk[data-your-turn='1']")
    page.wait_for_selector(f"{BOARD}[data-interactive='1'] svg.xz-mat")
    st = lab.kernel_json("{'phase': board.game.raw_state.phase, 'player': board.current_player}")
    assert st == {"phase": "move", "player": 1}  # the walkthrough ends with Player 2 to move after its win

    # Rulebook step 8: click a highlighted square; Python moves the figure, the DOM shows it; the greedy bot plays
    # Player 1 (issue 20: every hand-over has an opponent) and follows by itself
    target = page.query_selector(f"{BOARD} g.xz-cell.xz-target")
    cell = target.get_attribute("data-cell")
    click_and_wait(page, f"{BOARD} g.xz-cell.xz-target[data-cell='{cell}']", BOARD)
    for _ in range(50):  # the bot's follow (if it has to) comes after its pause
        if lab.kernel_json("board.game.raw_state.phase") == "call":
            break
        page.wait_for_timeout(200)
    py = lab.kernel_json("{'pos': board.game.state['sides'][1]['pos'], 'phase': board.game.raw_state.phase}")
    assert py == {"pos": cell, "phase": "call"}
    page.wait_for_function(f"document.querySelector(\"{BOARD} button.xz-call[data-call='white']\") !== null")
    assert "P2" in page.text_content(f"{BOARD} g.xz-cell[data-cell='{cell}']")

    # Rulebook steps 4-6: Player 2 (attacker) calls WHITE; rolls rigged: skull-helm white 8 (2 swords) beats bone-blade 4
    lab.run_in_kernel("board.rig(helix1='2a', helix2='1a')")
    click_and_wait(page, f"{BOARD} button.xz-call[data-call='white']", BOARD)
    assert "Player 2 wins the WHITE attack" in page.inner_text(f"{BOARD} .xz-roll")
    assert page.query_selector(f"{BOARD} .xz-glyph.xz-rolled[data-glyph='skull-helm']") is not None
    assert page.text_content(f"{BOARD} .xz-compare") == "white strength — Player 1: 4 · Player 2: 8"  # per player
    # the rolled battle sides as pictures: species icon, part, both attacks, the called colour marked in words
    face = f"{BOARD} svg.xz-face[data-seat='1'][data-glyph='skull-helm']"
    label = page.get_attribute(face, "aria-label")
    assert "Skull Helm" in label and "white strength 8, 2 swords" in label and "white called" in label
    band = page.text_content(f"{face} .xz-face-called")  # W, 8, the symbols' titles, CALLED
    assert band.startswith("W8") and band.endswith("CALLED")
    assert len(page.query_selector_all(f"{face} .xz-face-called .xz-sym-sword")) == 2
    assert page.query_selector(f"{BOARD} svg.xz-face[data-seat='0'][data-glyph='bone-blade']") is not None

    # "why not?": clicking a part that is not a legal choice sends the move it means; the rule shows in place
    n0 = lab.kernel_json("len(board.game.history)")
    before = board_version(page, BOARD)
    page.click(f"{BOARD} .xz-node.xz-why[data-seat='0'][data-part='torso']")
    page.wait_for_selector(f"{BOARD} .tt-error[data-rule='xevoz.stay-connected']")
    assert "Torso" in page.inner_text(f"{BOARD} .tt-error")
    page.click(f"{BOARD} .xz-node.xz-why[data-seat='1'][data-part='ribs']")  # the winner's own figure
    page.wait_for_selector(f"{BOARD} .tt-error[data-rule='xevoz.sword']")
    assert lab.kernel_json("len(board.game.history)") == n0 and board_version(page, BOARD) >= before

    # Step 7: chop a part of Player 1's figure by clicking it, then one with the keyboard (Enter)
    part = page.get_attribute(f"{BOARD} .xz-node.xz-target[data-seat='0']", "data-part")
    click_and_wait(page, f"{BOARD} .xz-node.xz-target[data-seat='0'][data-part='{part}']", BOARD)
    assert lab.kernel_json("board.game.state['sides'][0]['life']") == 23
    assert page.get_attribute(f"{BOARD} .xz-node[data-seat='0'][data-part='{part}']", "data-present") == "0"
    before = board_version(page, BOARD)
    page.focus(f"{BOARD} .xz-node.xz-target[data-seat='0']")
    page.keyboard.press("Enter")
    page.wait_for_function(f"Number(document.querySelector(\"{BOARD}\").dataset.version) > {before}")
    assert lab.kernel_json("board.game.state['sides'][0]['life']") == 22

    # a refused action (calling while the winner still has to move) shows its rule in place, changes nothing
    assert lab.kernel_json("board.game.raw_state.phase") == "move"
    n = lab.kernel_json("len(board.game.history)")
    lab.run_in_kernel("from tabletop.xevoz import Call\n"
                      "board.handle_message({'type': 'act', 'id': Call('black').key, 'version': board.version})")
    page.wait_for_selector(f"{BOARD} .tt-error[data-rule='xevoz.movement']")
    assert "winner's move" in page.inner_text(f"{BOARD} .tt-error")
    assert lab.kernel_json("len(board.game.history)") == n
    lab.screenshot("xevoz-round")
