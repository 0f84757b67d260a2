"""protocol/vectors/escrow.json: regenerated exactly, its deterministic values recomputed
from the listed secrets alone, and every proof verified from the bytes, as another
implementation would use the file."""

from __future__ import annotations

import json

from p2pbang.crypto import escrow_messages as emsg
from p2pbang.crypto import wire
from p2pbang.crypto.commit_reveal import uniform_below
from p2pbang.crypto.dleq import DecryptionShare, DleqProof, verify_share
from p2pbang.crypto.elgamal import Ciphertext, card_point
from p2pbang.crypto.escrow import (
    EscrowDealing,
    commitments,
    draw_commitment,
    draw_echo,
    draw_seed,
    interpolate_scalar,
    judge_complaint,
    lagrange_at_zero,
    pad,
    public_share,
)
from p2pbang.crypto.group import L, Point, base_mul, decode_scalar, scalar_mul, sum_points
from p2pbang.crypto.handover import PARTIAL_PROTOCOL, verify_partial, verify_shift, verify_switch
from p2pbang.crypto.keys import KeyProof, verify_key
from p2pbang.crypto.linear import LinearProof

from .escrow_vectorgen import NAME, generate
from .vectorgen import VECTOR_DIR


def _load() -> dict:
    return json.loads((VECTOR_DIR / NAME).read_text(encoding="utf-8"))


def _point(h: str) -> Point:
    return Point.decode(bytes.fromhex(h))


def _scalar(h: str) -> int:
    return decode_scalar(bytes.fromhex(h))


def test_the_file_is_reproduced_exactly() -> None:
    assert _load() == json.loads(json.dumps(generate()))


def test_escrow_values_recomputed_from_the_secrets() -> None:
    v = _load()
    session = bytes.fromhex(v["session"])
    sks = [_scalar(h) for h in v["secret_keys"]]
    assert [base_mul(s).encode().hex() for s in sks] == v["public_keys"]
    e = v["escrow"]
    dealing = emsg.parse_escrow(wire.decode(bytes.fromhex(e["message"])), v["threshold"],
                                v["seats"])
    commits = [_point(c) for c in e["commitments"]]
    assert commits[0] == _point(v["public_keys"][e["dealer"]])
    assert list(dealing.coefficients) == commits[1:]
    ephemeral = _point(e["E"])
    assert dealing.ephemeral == ephemeral
    for index, h in enumerate(e["holders"]):
        dh = scalar_mul(sks[h["holder"]], ephemeral)
        assert dh == _point(h["K"])
        mask = pad(session, e["epoch"], e["dealer"], h["holder"], ephemeral, dh)
        assert mask == _scalar(h["pad"])
        share = (dealing.masked[index] - mask) % L
        assert share == _scalar(h["share"])
        assert base_mul(share) == public_share(commits, h["holder"]) == _point(h["public_share"])
    c = v["complaint"]
    items = emsg.parse_complain(wire.decode(bytes.fromhex(c["message"])), v["seats"])
    assert items == [(c["dealer"], _point(c["K"]),
                      DleqProof.decode(bytes.fromhex(c["proof"])))]
    verdict = judge_complaint(c["accuser"], _point(v["public_keys"][c["accuser"]]), c["dealer"],
                              commits[0], EscrowDealing(ephemeral, dealing.coefficients,
                                                        dealing.masked),
                              _point(c["K"]), DleqProof.decode(bytes.fromhex(c["proof"])),
                              session, c["step"], e["epoch"])
    assert verdict == c["accuser"]  # the share was good: a false complaint


def test_handover_values_recomputed_and_proofs_verified() -> None:
    v = _load()
    session = bytes.fromhex(v["session"])
    e, h = v["escrow"], v["handover"]
    joint = _point(v["joint_key"])
    commits = [_point(c) for c in e["commitments"]]
    ct = Ciphertext.decode(bytes.fromhex(h["ciphertext"]))
    context = h["context"].encode()
    shifted = _point(h["shift"]["c1'"])
    assert shifted == ct.c1 + base_mul(_scalar(h["r"]))
    verify_shift(ct.c1, shifted, LinearProof.decode(bytes.fromhex(h["shift"]["proof"]), 1),
                 session, h["shift"]["step"], h["seat"], context)
    nk = h["new_key"]
    pk_new = _point(nk["public"])
    assert pk_new == base_mul(_scalar(nk["secret"]))
    verify_key(pk_new, KeyProof.decode(bytes.fromhex(nk["proof"])), session, h["seat"], 5)
    partials = {}
    for p in h["partials"]:
        share = DecryptionShare.decode(bytes.fromhex(p["partial"]))
        verify_partial(PARTIAL_PROTOCOL, public_share(commits, p["holder"]), shifted, share,
                       session, p["step"], p["holder"], context)
        partials[p["holder"]] = share.share
    lambdas = lagrange_at_zero(partials)
    assert {str(j): lam for j, lam in lambdas.items()} == {
        j: _scalar(x) for j, x in h["lagrange"].items()}
    d_prime = sum_points(scalar_mul(lambdas[j], p) for j, p in partials.items())
    sk_v = _scalar(v["secret_keys"][h["seat"]])
    assert d_prime == _point(h["D'"]) == scalar_mul(sk_v, shifted)
    c2 = _point(h["switch"]["c2''"])
    r, sk_new = _scalar(h["r"]), _scalar(nk["secret"])
    assert c2 == ct.c2 - d_prime + scalar_mul(r, joint + pk_new) + scalar_mul(sk_new, ct.c1)
    switched = Ciphertext(shifted, c2)
    verify_switch(ct, switched, d_prime, LinearProof.decode(bytes.fromhex(h["switch"]["proof"]),
                                                            2),
                  pk_new, joint, session, h["switch"]["step"], h["seat"], context)
    shares = []
    for s in h["delivery"]:
        share = DecryptionShare.decode(bytes.fromhex(s["share"]))
        verify_share(_point(v["public_keys"][s["seat"]]), switched, share, session, s["step"],
                     s["seat"], b"share/slot:7")
        shares.append(share.share)
    card = c2 - sum_points(shares) - scalar_mul(sk_new, shifted)
    assert card == card_point(*h["card"])


def test_the_escrowed_draw_recomputed_from_its_values() -> None:
    v = _load()
    session = bytes.fromhex(v["session"])
    d = v["draw"]
    values = [_scalar(a) for a in d["values"]]
    digests = []
    for seat, deal_hex in enumerate(d["deals"]):
        deal = bytes.fromhex(deal_hex)
        point, _ = emsg.parse_draw_deal(wire.decode(deal), v["threshold"], v["seats"])
        assert point == base_mul(values[seat])
        digests.append(draw_commitment(session, d["round"], seat, deal))
    assert [c.hex() for c in digests] == d["commitments"]
    echo = draw_echo(session, d["round"], digests)
    assert echo.hex() == d["echo"]
    seed = draw_seed(echo, values)
    assert seed.hex() == d["seed"]
    assert uniform_below(seed, d["bound"], b"p2pbang/v1/random-int") == d["result"]
    # The withheld value from the two holders' shares, each checked against the deal.
    w = d["withheld"]
    point, dealing = emsg.parse_draw_deal(wire.decode(bytes.fromhex(d["deals"][w])),
                                          v["threshold"], v["seats"])
    shares = {int(j): _scalar(s) for j, s in d["recovery_shares"].items()}
    for j, share in shares.items():
        assert base_mul(share) == public_share(commitments(point, dealing), j)
    assert interpolate_scalar(shares) == values[w]
