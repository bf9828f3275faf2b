# SPDX-License-Identifier: Apache-2.0
"""Builds vortex._native with the project's CMake (python/CMakeLists.txt) and puts it into the
package: `pip install --no-build-isolation ./python`. Set VORTEX_CMAKE_BUILD_DIR to reuse a build
folder (default: build/python in the checkout)."""

import os
import pathlib
import shutil
import subprocess
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = pathlib.Path(__file__).resolve().parent.parent


class CMakeBuild(build_ext):
    def build_extension(self, ext):
        build_dir = pathlib.Path(os.environ.get("VORTEX_CMAKE_BUILD_DIR", ROOT / "build" / "python"))
        if (build_dir / "CMakeCache.txt").exists() and "VORTEX_CMAKE_BUILD_DIR" in os.environ:
            # A build folder the caller configured (with VORTEX_BUILD_PYTHON=ON): build only.
            self._build(build_dir, ext)
            return
        configure = [
            "cmake", "-S", str(ROOT), "-B", str(build_dir), "-G", "Ninja", "-DCMAKE_BUILD_TYPE=Release",
            "-DVORTEX_BUILD_PYTHON=ON", "-DVORTEX_BUILD_TESTS=OFF", "-DVORTEX_BUILD_CLI=OFF",
            "-DVORTEX_BUILD_DUCKDB=OFF", f"-DPython3_EXECUTABLE={sys.executable}",
        ]
        subprocess.run(configure, check=True)
        self._build(build_dir, ext)

    def _build(self, build_dir, ext):
        subprocess.run(["cmake", "--build", str(build_dir), "--target", "vortex_python"], check=True)
        built = next((build_dir / "python" / "vortex").glob("_native*.so"))
        target = pathlib.Path(self.get_ext_fullpath(ext.name))
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(built, target)


setup(ext_modules=[Extension("vortex._native", sources=[])], cmdclass={"build_ext": CMakeBuild})
