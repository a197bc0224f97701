"""`asc.runtime.config`: backends, the platforms of the hardware table and set_platform's errors."""

from __future__ import annotations

import pytest

import asc.lib.runtime as rt
import asc.runtime.config as config


def test_platform_values_match_pyasc() -> None:
    # pyasc's twelve parts, plus Ascend910_9363 (hardware.md §1.2 lists it with 9362; pyasc does not).
    assert [p.value for p in config.Platform] == [
        "Ascend910B1", "Ascend910B2", "Ascend910B2C", "Ascend910B3", "Ascend910B4", "Ascend910B4-1",
        "Ascend910_9362", "Ascend910_9363", "Ascend910_9372", "Ascend910_9381", "Ascend910_9382",
        "Ascend910_9391", "Ascend910_9392"]
    assert config.Platform("Ascend910B4-1") is config.Platform.Ascend910B4_1
    assert [b.value for b in config.Backend] == ["Model", "NPU"]


def test_python_and_simulator_read_one_platform_table() -> None:
    """Every part's core count, clock and HBM figure are the simulator's, and each row names its source."""
    from asc import _C

    for platform, info in config.PLATFORMS.items():
        sim = _C.sim.platform_config(platform.value)
        assert (sim.aiv_cores, sim.clock_mhz, sim.hbm_gbps, sim.ub_bytes) == \
            (info.aiv_cores, info.clock_mhz, info.hbm_gbps, info.ub_bytes), platform
        assert info.source.startswith("hardware.md §1.2"), platform
    # The two facts the old copies disagreed on (runtime/config.py vs sim/lib/options/Options.cpp).
    assert config.PLATFORMS[config.Platform.Ascend910_9391].clock_mhz == 1850.0
    assert _C.sim.platform_config("Ascend910_9391").clock_mhz == 1850.0
    hardware = _C.sim.hardware()
    l1 = next(m for m in hardware["memories"] if m["name"] == "L1")
    assert (l1["capacity"], l1["reserved"], l1["usable"]) == (524288, 128, 524160)


@pytest.mark.parametrize("platform,aiv,clock", [
    (config.Platform.Ascend910B1, 48, 1850), (config.Platform.Ascend910B2, 48, 1800),
    (config.Platform.Ascend910B3, 40, 1800), (config.Platform.Ascend910B4, 40, 1800),
    (config.Platform.Ascend910_9362, 40, 1800), (config.Platform.Ascend910_9392, 48, 1850)])
def test_platform_facts(platform: config.Platform, aiv: int, clock: int) -> None:
    info = config.PLATFORMS[platform]
    assert (info.aiv_cores, info.aic_cores, info.clock_mhz) == (aiv, aiv // 2, clock)
    assert (info.ub_bytes, info.l1_bytes, info.l0c_bytes) == (196608, 524160, 131072)  # l1: TOTAL_L1_SIZE


def test_every_platform_has_facts() -> None:
    assert set(config.PLATFORMS) == set(config.Platform)
    assert config.PLATFORMS[config.Platform.Ascend910B4].hbm_bytes == 32 << 30
    assert config.PLATFORMS[config.Platform.Ascend910_9362].l2_bytes == 168 << 20


def test_set_platform_defaults_and_strings() -> None:
    config.set_platform("Model")
    assert config.current_platform() is config.Platform.Ascend910B1
    config.set_platform(config.Backend.Model, "Ascend910B3")
    assert config.current_platform() is config.Platform.Ascend910B3
    assert rt.current_platform() == "Ascend910B3"
    assert rt.is_model()


def test_unknown_platform_lists_valid_ones() -> None:
    with pytest.raises(ValueError) as e:
        config.set_platform(config.Backend.Model, "Ascend999")
    assert "unknown platform 'Ascend999'" in str(e.value)
    assert "'Ascend910B1'" in str(e.value) and "'Ascend910_9392'" in str(e.value)


def test_unknown_backend() -> None:
    with pytest.raises(ValueError, match=r"unknown backend 'GPU'; valid backends: \['Model', 'NPU'\]"):
        config.set_platform("GPU")


def test_npu_without_cann_says_how_to_simulate(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ASCEND_HOME_PATH", raising=False)
    with pytest.raises(RuntimeError) as e:
        config.set_platform(config.Backend.NPU, config.Platform.Ascend910B1)
    msg = str(e.value)
    assert "CANN" in msg and "not found" in msg
    assert "Backend.Model" in msg and "-r Model" in msg
    assert config.current_backend() is config.Backend.Model  # unchanged


def test_current_stream_is_stable() -> None:
    assert rt.current_stream() is rt.current_stream()
    assert rt.current_stream().device_id == 0


def test_compilation_arch_is_the_forks_enum() -> None:
    """The pyasc fork's CompilationArch {C220="c220", C310="c310"}, in Platform's enum style."""
    assert [(a.name, a.value) for a in config.CompilationArch] == [("C220", "c220"), ("C310", "c310")]
    assert config.CompilationArch("c310") is config.CompilationArch.C310
    assert "CompilationArch" in config.__all__ and "platform_to_arch" in config.__all__


def test_every_platform_is_c220() -> None:
    """Each Platform (the hardware table's arch dav-c220), by member, value and name."""
    for platform in config.Platform:
        assert platform.value.startswith(("Ascend910B", "Ascend910_93")), platform
        for form in (platform, platform.value, platform.name):
            assert config.platform_to_arch(form) is config.CompilationArch.C220, form


@pytest.mark.parametrize("name", ["Ascend910_9579", "Ascend910_9599", "Ascend950PR_950z", "Ascend950PR_9579",
                                  "Ascend950PR_958b"])
def test_a_c310_part_is_named_but_not_selectable(name: str) -> None:
    assert config.platform_to_arch(name) is config.CompilationArch.C310
    before = config.current_platform()
    message = (rf"^'{name}' is an Ascend 950 part \(CompilationArch\.C310\), which pyasc does not support: its "
               r"compiler and simulator target the c220 parts \(Ascend 910B, 910_93\) only; valid platforms: "
               r"\['Ascend910B1', ")
    with pytest.raises(ValueError, match=message):
        config.set_platform(config.Backend.Model, name)
    with pytest.raises(ValueError, match=message):
        rt.set_soc_version(name)
    assert config.current_platform() is before


def test_platform_to_arch_refuses_an_unknown_part() -> None:
    with pytest.raises(ValueError, match=r"^unknown platform 'Ascend310P3'; valid platforms: \['Ascend910B1', "):
        config.platform_to_arch("Ascend310P3")
