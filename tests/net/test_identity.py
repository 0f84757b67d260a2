"""Identity: created once with a name, 0600, stable peer id, refuses unsafe files."""

from __future__ import annotations

import json
import os
import stat

import pytest

from p2pbang.net.identity import (
    HOME_ENV_VAR,
    IDENTITY_FILE,
    Identity,
    IdentityError,
    identity_dir,
    load_or_create_identity,
    peer_id_for,
    validate_display_name,
    verify_signature,
)


def test_first_run_creates_private_file_and_reloads_same_key(tmp_path):
    created = load_or_create_identity("Calamity Janet", tmp_path)
    path = tmp_path / IDENTITY_FILE
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    again = load_or_create_identity(directory=tmp_path)
    assert again.public_key == created.public_key
    assert again.peer_id == created.peer_id
    assert again.name == "Calamity Janet"


def test_rename_keeps_key(tmp_path):
    first = load_or_create_identity("Bart", tmp_path)
    renamed = load_or_create_identity("Bart Cassidy", tmp_path)
    assert renamed.public_key == first.public_key
    assert load_or_create_identity(directory=tmp_path).name == "Bart Cassidy"


def test_no_name_on_first_run_is_an_error(tmp_path):
    with pytest.raises(IdentityError, match="display name"):
        load_or_create_identity(directory=tmp_path)


def test_env_var_overrides_config_dir(tmp_path, monkeypatch):
    monkeypatch.setenv(HOME_ENV_VAR, str(tmp_path / "home"))
    assert identity_dir() == tmp_path / "home"
    ident = load_or_create_identity("Suzy")
    assert (tmp_path / "home" / IDENTITY_FILE).exists()
    assert identity_dir(tmp_path) == tmp_path  # explicit argument wins over the variable
    assert ident.peer_id == load_or_create_identity().peer_id


@pytest.mark.skipif(os.name != "posix", reason="file modes are POSIX")
def test_world_readable_file_is_refused(tmp_path):
    load_or_create_identity("Jourdonnais", tmp_path)
    path = tmp_path / IDENTITY_FILE
    path.chmod(0o644)
    with pytest.raises(IdentityError, match="chmod 600"):
        load_or_create_identity(directory=tmp_path)


@pytest.mark.parametrize(
    "mangle",
    [
        lambda r: r.update(version=99),
        lambda r: r.update(ed25519_seed="00" * 31),
        lambda r: r.update(ed25519_seed="zz"),
        lambda r: r.pop("name"),
        lambda r: r.update(name="\x1b[2Jevil"),
    ],
)
def test_malformed_file_gives_a_clear_error(tmp_path, mangle):
    load_or_create_identity("Paul Regret", tmp_path)
    path = tmp_path / IDENTITY_FILE
    record = json.loads(path.read_text())
    mangle(record)
    path.write_text(json.dumps(record))
    with pytest.raises(IdentityError, match=str(path.name)):
        load_or_create_identity(directory=tmp_path)


def test_not_json_gives_a_clear_error(tmp_path):
    (tmp_path / IDENTITY_FILE).write_bytes(b"\xff\x00garbage")
    (tmp_path / IDENTITY_FILE).chmod(0o600)
    with pytest.raises(IdentityError, match="unreadable"):
        load_or_create_identity(directory=tmp_path)


def test_peer_id_is_short_stable_and_distinct():
    a, b = Identity.generate("A"), Identity.generate("B")
    assert len(a.peer_id) == 16 and a.peer_id.isalnum() and a.peer_id == a.peer_id.lower()
    assert a.peer_id == peer_id_for(a.public_key)
    assert a.peer_id != b.peer_id
    with pytest.raises(ValueError):
        peer_id_for(b"short")


def test_signatures_verify_and_bad_inputs_are_false():
    ident = Identity.generate("Willy")
    sig = ident.sign(b"msg")
    assert verify_signature(ident.public_key, sig, b"msg")
    assert not verify_signature(ident.public_key, sig, b"other")
    assert not verify_signature(ident.public_key, sig[:-1], b"msg")
    assert not verify_signature(b"\x00" * 31, sig, b"msg")
    assert not verify_signature(Identity.generate("X").public_key, sig, b"msg")
    flipped = bytes([sig[0] ^ 1]) + sig[1:]
    assert not verify_signature(ident.public_key, flipped, b"msg")


@pytest.mark.parametrize("bad", ["", "   ", "x" * 33, "a\nb", "tab\there", "rtl\u202eoverride"])
def test_bad_display_names_rejected(bad):
    with pytest.raises(ValueError):
        validate_display_name(bad)


def test_display_name_normalised():
    assert validate_display_name("  Kit Carlson ") == "Kit Carlson"
    assert validate_display_name("Ka\u0301roly") == "K\u00e1roly"
