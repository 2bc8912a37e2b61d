"""Warning mode changes no kernel code: the RCU users of the test kernel,
compiled with and without the plugin, give the same assembly."""
import concurrent.futures
import os
import subprocess

import pytest

from qemu.harness import kbuild
from tests.test_kernel import build_log, kernel  # noqa: F401 (fixtures)

MAX_FILES = 24


def rcu_users(log_text, src):
    """Compile commands of C files that use the rcu_dereference() family."""
    out = []
    for words in kbuild.c_compiles(log_text):
        path = os.path.join(src, words[-1])
        if not os.path.exists(path) or not kbuild.plugin_loaded(words):
            continue
        with open(path, errors="replace") as f:
            text = f.read()
        if "rcu_dereference" in text or "_rcu(" in text:
            out.append(words)
    return out[:MAX_FILES]


def to_assembly(words, out_s, plugin):
    cmd = []
    skip = False
    for w in words:
        if skip:
            skip = False
            continue
        if w == "-o":
            skip = True
            continue
        if w.startswith("-Wp,-MMD") or w == "-c":
            continue
        if not plugin and ("rcu_deref_plugin" in w):
            continue
        cmd.append(w)
    return cmd[:-1] + ["-S", "-o", out_s, cmd[-1]]


def compile_pair(words, kout, tmp):
    base = os.path.join(tmp, words[-1].replace("/", "_"))
    outs = []
    for plugin in (True, False):
        s = base + (".with.s" if plugin else ".without.s")
        r = subprocess.run(to_assembly(words, s, plugin), cwd=kout,
                           capture_output=True, text=True)
        assert r.returncode == 0, r.stderr
        with open(s) as f:
            outs.append(f.read())
    return words[-1], outs[0] == outs[1]


def test_rcu_users_identical_with_and_without_plugin(kernel, build_log, tmp_path):  # noqa: F811
    kb, _ = kernel
    src = os.path.join(kbuild.REPO, "build", "kernel", "src")
    commands = rcu_users(build_log, src)
    assert len(commands) >= MAX_FILES, "expected RCU users in the test kernel"
    with concurrent.futures.ThreadPoolExecutor(os.cpu_count()) as pool:
        results = list(pool.map(lambda w: compile_pair(w, kb.out, str(tmp_path)), commands))
    differ = [f for f, same in results if not same]
    assert differ == []
