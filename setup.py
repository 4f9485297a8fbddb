"""Builds gradvec._core with the project's CMake (-DGRADVEC_PYTHON=ON), the same target the CMake
tree builds for the tests, and puts it in the package. pyproject.toml holds the rest.

CMAKE_ARGS in the environment is added to the configure line (e.g. a compiler launcher).
GRADVEC_BUILD_DIR names a CMake tree already configured with -DGRADVEC_PYTHON=ON (as CI's build
is) to build the module in and copy it from, instead of configuring a tree of its own."""
import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext


class CMakeExtension(Extension):
    def __init__(self, name):
        super().__init__(name, sources=[])


class CMakeBuild(build_ext):
    def build_extension(self, ext):
        source = Path(__file__).parent.resolve()
        given = os.environ.get("GRADVEC_BUILD_DIR")
        build = Path(given).resolve() if given else Path(self.build_temp).resolve() / "cmake"
        configure = ["cmake", "-S", str(source), "-B", str(build), "-DGRADVEC_PYTHON=ON",
                     "-DBUILD_TESTING=OFF", "-DGRADVEC_BENCH=OFF",
                     f"-DPython_EXECUTABLE={sys.executable}"]
        try:
            import pybind11
            configure.append(f"-Dpybind11_DIR={pybind11.get_cmake_dir()}")
        except ImportError:
            pass  # CMake finds Debian's pybind11-dev by itself
        configure += shlex.split(os.environ.get("CMAKE_ARGS", ""))
        if not given:
            subprocess.run(configure, check=True)
        subprocess.run(["cmake", "--build", str(build), "--target", "gradvec_python",
                        "-j", str(os.cpu_count() or 1)], check=True)
        target = Path(self.get_ext_fullpath(ext.name))
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(build / "python" / "gradvec" / target.name, target)


setup(ext_modules=[CMakeExtension("gradvec._core")], cmdclass={"build_ext": CMakeBuild})
