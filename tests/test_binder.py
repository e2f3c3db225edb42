"""The closest check of Binder that runs here: install binder/requirements.txt into a fresh virtual environment
(as repo2docker does, from the repository root) and execute the start-here notebook with that environment's kernel."""

from __future__ import annotations

import os
import subprocess
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_binder_files_are_as_binder_expects() -> None:
    assert (ROOT / "binder" / "runtime.txt").read_text().strip() == "python-3.12"
    reqs = [ln.strip() for ln in (ROOT / "binder" / "requirements.txt").read_text().splitlines()
            if ln.strip() and not ln.startswith("#")]
    assert reqs == ["."], "binder/requirements.txt installs this repository"
    post = ROOT / "binder" / "postBuild"
    assert os.access(post, os.X_OK) and "fetchNews" in post.read_text()
    readme = (ROOT / "README.md").read_text()
    assert "urlpath=lab/tree/notebooks/00_start_here.ipynb" in readme


@pytest.mark.slow
def test_binder_requirements_install_and_run_start_here(tmp_path: Path) -> None:
    env_dir = tmp_path / "binder-venv"
    venv.create(env_dir, with_pip=True)
    py = env_dir / "bin" / "python"
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV", "JUPYTER_PATH")}
    env["HOME"] = str(tmp_path / "home")
    env["JUPYTERLAB_SETTINGS_DIR"] = str(tmp_path / "settings")
    subprocess.run([str(py), "-m", "pip", "install", "--quiet", "-r", "binder/requirements.txt"],
                   cwd=ROOT, env=env, check=True, timeout=900)
    post_env = {**env, "PATH": f"{env_dir / 'bin'}{os.pathsep}{env.get('PATH', '')}"}  # Binder's jupyter first
    subprocess.run(["bash", "binder/postBuild"], cwd=ROOT, env=post_env, check=True, timeout=60)
    assert (tmp_path / "settings" / "@jupyterlab/apputils-extension/notification.jupyterlab-settings").exists()
    data = subprocess.run([str(env_dir / "bin" / "jupyter"), "--data-dir"], env=env, capture_output=True, text=True,
                          check=True).stdout.strip()
    assert (Path(data) / "voila" / "templates" / "tabletop" / "conf.json").is_file(), "the classroom template"
    out = tmp_path / "out.ipynb"
    r = subprocess.run([str(env_dir / "bin" / "jupyter"), "nbconvert", "--to", "notebook", "--execute",
                        "--ExecutePreprocessor.timeout=600", "--output", str(out),
                        "notebooks/00_start_here.ipynb"], cwd=ROOT, env=env, capture_output=True, text=True,
                       timeout=900)
    assert r.returncode == 0, r.stderr[-3000:]
    # the environment holds a real (non-editable) install of the package, as on Binder
    check = subprocess.run([str(py), "-c", "import tabletop; print(tabletop.__file__)"], cwd=tmp_path,
                           env=env, capture_output=True, text=True, check=True)
    assert "site-packages" in check.stdout, check.stdout
