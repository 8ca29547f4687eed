pragma circom 2.1.6;

// Proves that the service attested `score` for a wallet the prover knows,
// that the score meets `condition`, and derives a per-app nullifier for that
// wallet, without revealing the wallet.
//
// Public signals, in this order (snarkjs lists public inputs in declaration
// order; the circuit has no outputs so nothing precedes the score):
//   0 score, 1 condition, 2 scoreIdHash, 3 web2IdHash,
//   4 attesterAx, 5 attesterAy, 6 nullifier
// Private: wallet, salt, and the EdDSA-Poseidon signature (R8x, R8y, S) over
//   Poseidon(Poseidon(wallet, salt), score, scoreIdHash, web2IdHash).

include "circomlib/circuits/eddsaposeidon.circom";
include "circomlib/circuits/poseidon.circom";
include "circomlib/circuits/comparators.circom";
include "circomlib/circuits/bitify.circom";

// Domain tag separating the nullifier from the wallet commitment
// (both hash wallet and salt): the ASCII bytes of "nullifier".
function NULLIFIER_TAG() { return 0x6e756c6c6966696572; }

template ScoreProof(SCORE_BITS) {
    signal input score;
    signal input condition;
    signal input scoreIdHash;
    signal input web2IdHash;
    signal input attesterAx;
    signal input attesterAy;
    signal input nullifier;

    signal input wallet;
    signal input salt;
    signal input sigR8x;
    signal input sigR8y;
    signal input sigS;

    // GreaterEqThan(n) is only sound for inputs below 2^n: range-check both.
    component scoreBits = Num2Bits(SCORE_BITS);
    scoreBits.in <== score;
    component conditionBits = Num2Bits(SCORE_BITS);
    conditionBits.in <== condition;

    component meets = GreaterEqThan(SCORE_BITS);
    meets.in[0] <== score;
    meets.in[1] <== condition;
    meets.out === 1;

    component commitment = Poseidon(2);
    commitment.inputs[0] <== wallet;
    commitment.inputs[1] <== salt;

    component message = Poseidon(4);
    message.inputs[0] <== commitment.out;
    message.inputs[1] <== score;
    message.inputs[2] <== scoreIdHash;
    message.inputs[3] <== web2IdHash;

    component signature = EdDSAPoseidonVerifier();
    signature.enabled <== 1;
    signature.Ax <== attesterAx;
    signature.Ay <== attesterAy;
    signature.R8x <== sigR8x;
    signature.R8y <== sigR8y;
    signature.S <== sigS;
    signature.M <== message.out;

    // The salt is the service's per-(app, wallet) secret, fixed by the signed
    // commitment: the nullifier is stable for a wallet within one app, differs
    // between apps, and cannot be recomputed from a list of known wallets.
    component nullifierHash = Poseidon(3);
    nullifierHash.inputs[0] <== NULLIFIER_TAG();
    nullifierHash.inputs[1] <== wallet;
    nullifierHash.inputs[2] <== salt;
    nullifier === nullifierHash.out;
}

component main {public [score, condition, scoreIdHash, web2IdHash, attesterAx, attesterAy, nullifier]} = ScoreProof(32);
