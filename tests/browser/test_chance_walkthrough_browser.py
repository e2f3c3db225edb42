"""ChanceWidget and Walkthrough in real JupyterLab + Chromium."""

from __future__ import annotations

import json
import statistics

import pytest

DIE = ".tt-chance[data-kind='die']"
SPIN = ".tt-chance[data-kind='spinner']"
FACES = ".tt-chance[data-kind='faces']"


def _wait_n(page, sel: str, n: int) -> None:
    page.wait_for_function(f"(document.querySelector(\"{sel}\") || {{dataset: {{}}}}).dataset.n === '{n}'")


@pytest.mark.browser
def test_chance_widgets_render_roll_on_click_and_key_and_agree_with_python(lab) -> None:
    page = lab.open_notebook("tests/browser/notebooks/chance.ipynb", wait_for=FACES)
    page.wait_for_selector(f"{DIE} svg.tt-die")
    page.wait_for_selector(f"{SPIN} svg.tt-spinner .tt-z-label")
    assert page.get_attribute(DIE, "data-n") == "0"

    # click the die: Python draws, the DOM shows the same value once the animation settles
    page.click(f"{DIE} button.tt-roll")
    _wait_n(page, DIE, 1)
    page.wait_for_selector(f"{DIE}[data-settled='1']")
    py = lab.kernel_json("{'value': die.value, 'n': die.n, 'rigged': die.rigged}")
    assert py["n"] == 1 and not py["rigged"]
    assert page.get_attribute(DIE, "data-value") == str(py["value"])
    assert page.get_attribute(f"{DIE} svg.tt-die", "data-value") == str(py["value"])
    assert page.inner_text(f"{DIE} .tt-outcome") == f"Rolled: {py['value']}"
    pips = page.eval_on_selector_all(f"{DIE} svg.tt-die .tt-die-pip", "els => els.length")
    assert pips == py["value"]

    # keyboard: Enter on the focused roll button rolls again
    page.focus(f"{DIE} button.tt-roll")
    page.keyboard.press("Enter")
    _wait_n(page, DIE, 2)
    assert lab.kernel_json("die.n") == 2

    # the spinner was rigged to BLUE: the outcome says so and carries the RIGGED mark
    page.click(f"{SPIN} button.tt-roll")
    _wait_n(page, SPIN, 1)
    page.wait_for_selector(f"{SPIN}[data-settled='1']")
    assert lab.kernel_json("[spinner.value, spinner.rigged]") == ["BLUE", True]
    assert page.get_attribute(SPIN, "data-rigged") == "1"
    assert "RIGGED" in page.inner_text(f"{SPIN} .tt-outcome")
    sector = page.get_attribute(f"{SPIN} svg.tt-spinner", "data-sector")
    color = page.get_attribute(f"{SPIN} path.tt-sector[data-index='{sector}']", "data-color")
    assert color == "BLUE"
    lab.screenshot("chance")

    # a Python-side rig shows up as pending in the browser
    lab.run_in_kernel("die.rig(6)")
    page.wait_for_selector(f"{DIE} .tt-rigs")
    page.click(f"{DIE} button.tt-roll")
    _wait_n(page, DIE, 3)
    assert page.get_attribute(DIE, "data-value") == "6" and page.get_attribute(DIE, "data-rigged") == "1"

    # faces (the helix hook): the lit face is the drawn value
    page.click(f"{FACES} button.tt-roll")
    _wait_n(page, FACES, 1)
    page.wait_for_selector(f"{FACES}[data-settled='1']")
    v = lab.kernel_json("helix.value")
    assert page.get_attribute(f"{FACES} .tt-face-on", "data-value") == str(v)


WALK = ".tt-walk"
BOARD = ".tt-board[data-game='pig']"


def _goto(page, how: str, expect: int) -> None:
    if how == "next":
        page.click(f"{WALK} button.tt-walk-next")
    elif how == "back":
        page.click(f"{WALK} button.tt-walk-back")
    else:
        page.keyboard.press(how)
    page.wait_for_selector(f"{WALK}[data-step='{expect}']")


@pytest.mark.browser
def test_walkthrough_next_back_by_click_and_key_and_hand_over(lab) -> None:
    page = lab.open_notebook("tests/browser/notebooks/walkthrough.ipynb", wait_for=WALK)
    page.wait_for_selector(BOARD)
    assert page.get_attribute(WALK, "data-steps") == "4"  # 3 steps + "Your turn"
    assert page.inner_text(f"{WALK} .tt-walk-count") == "Lesson step 1 of 3"
    assert page.get_attribute(BOARD, "data-interactive") == "0"
    assert page.query_selector(f"{WALK} .tt-walk-rule[data-rule='pig.setup']") is not None
    lab.screenshot("walk-step1")

    _goto(page, "next", 1)
    page.wait_for_function(f"document.querySelector(\"{BOARD} .pig-pot\").textContent === 'Pot: 5'")
    assert page.get_attribute(f"{BOARD} .tt-draw[data-kind='die']", "data-rigged") == "1"
    assert lab.kernel_json("[walk.step, walk.game.state['pot']]") == [1, 5]

    page.focus(WALK)
    _goto(page, "ArrowRight", 2)
    page.wait_for_function(f"document.querySelector(\"{BOARD} .pig-pot\").textContent === 'Pot: 0'")
    assert lab.kernel_json("[walk.step, list(walk.game.state['scores'])]") == [2, [5, 0]]
    _goto(page, "ArrowLeft", 1)
    page.wait_for_function(f"document.querySelector(\"{BOARD} .pig-pot\").textContent === 'Pot: 5'")
    assert lab.kernel_json("walk.step") == 1

    # jump with the select, then the hand-over makes the board live
    page.select_option(f"{WALK} select.tt-walk-jump", "3")
    page.wait_for_selector(f"{WALK}[data-step='3'][data-your-turn='1']")
    page.wait_for_selector(f"{BOARD}[data-interactive='1']")
    assert "Your turn" in page.inner_text(f"{WALK} .tt-walk-yours")
    lab.screenshot("walk-your-turn")
    before = lab.kernel_json("len(walk.game.history)")
    v = int(page.get_attribute(BOARD, "data-version"))
    page.click(f"{BOARD} button.tt-action[data-index='0']")
    page.wait_for_function(f"Number(document.querySelector(\"{BOARD}\").dataset.version) > {v}")
    assert lab.kernel_json("len(walk.game.history)") == before + 1
    page.wait_for_function(f"document.querySelector(\"{WALK} .tt-walk-yours\").textContent.includes('1 move')")

    # Back restores the lesson's exact position
    page.focus(WALK)
    _goto(page, "ArrowLeft", 2)
    page.wait_for_selector(f"{BOARD}[data-interactive='0']")
    assert lab.kernel_json("[len(walk.game.history), list(walk.game.state['scores'])]") == [3, [5, 0]]
    rtts = json.loads(page.get_attribute(WALK, "data-rtts"))
    print(f"\nwalkthrough step change round trip: median {statistics.median(rtts):.1f} ms over {len(rtts)}")
