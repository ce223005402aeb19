"""A PEP 517 backend that generates the package ludus_client from ludus's OpenAPI document with openapi-python-client
(the same generator and version scripts/clients checks), then hands the generated project to pdm-backend: no
generated code is kept in the repository, and an install always matches the document it was built from."""

import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
from contextlib import contextmanager
from pathlib import Path

from pdm.backend import build_wheel as pdm_build_wheel

HERE = Path(__file__).resolve().parent
# An sdist carries its own copy; in the repository, the document CI keeps equal to the served one.
DOCUMENT = next(path for path in (HERE / "openapi.json", HERE.parent.parent / "openapi" / "openapi.json") if path.exists())


@contextmanager
def generated_project():
    """The generated project, as the working directory (pdm-backend builds the one it runs in)."""
    with tempfile.TemporaryDirectory() as work:
        project = Path(work) / "ludus-client"
        subprocess.run(
            [sys.executable, "-m", "openapi_python_client", "generate", "--path", str(DOCUMENT),
             "--output-path", str(project), "--meta", "pdm"],
            check=True, stdout=subprocess.DEVNULL,
        )
        before = os.getcwd()
        os.chdir(project)
        try:
            yield project
        finally:
            os.chdir(before)


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    wheel_directory = os.path.abspath(wheel_directory)
    with generated_project():
        return pdm_build_wheel(wheel_directory, config_settings)


def build_sdist(sdist_directory, config_settings=None):
    """The build files, the document and the example bot: building it generates the package again."""
    version = json.loads(DOCUMENT.read_text())["info"]["version"]
    name = f"ludus_client-{version}"
    path = Path(sdist_directory) / f"{name}.tar.gz"
    with tempfile.TemporaryDirectory() as work:
        root = Path(work) / name
        root.mkdir()
        for file in ("pyproject.toml", "build_backend.py", "bot.py"):
            shutil.copy(HERE / file, root / file)
        shutil.copy(DOCUMENT, root / "openapi.json")
        (root / "PKG-INFO").write_text(f"Metadata-Version: 2.1\nName: ludus-client\nVersion: {version}\n")
        with tarfile.open(path, "w:gz") as archive:
            archive.add(root, arcname=name)
    return path.name
