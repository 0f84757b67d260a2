"""Cryptography for trustless dealing: ristretto255 ElGamal cards, Schnorr keys,
Chaum-Pedersen shares, the Bayer-Groth shuffle argument, commit-reveal randomness.

See docs/crypto.md for the why and protocol/crypto.md for the byte-exact rules.
Nothing here imports ``random``; secrets come from ``secrets`` only.
"""
