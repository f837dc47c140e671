import { createHash, generateKeyPairSync, randomBytes, sign } from "node:crypto";

/**
 * A platform authenticator in software, for tests of the agent's side: a P-256 key, its COSE
 * public key as registration stores it, and WebAuthn assertions over a given challenge, signed as
 * a real authenticator signs them (authenticatorData ‖ SHA-256(clientDataJSON), ES256, DER).
 */
export function softAuthenticator(rpId: string, origin: string) {
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const jwk = publicKey.export({ format: "jwk" });
  const x = Buffer.from(jwk.x!, "base64url");
  const y = Buffer.from(jwk.y!, "base64url");
  // COSE_Key {1: 2 (EC2), 3: -7 (ES256), -1: 1 (P-256), -2: x, -3: y}, in CBOR.
  const cose = Buffer.concat([Buffer.from([0xa5, 0x01, 0x02, 0x03, 0x26, 0x20, 0x01, 0x21, 0x58, 0x20]), x, Buffer.from([0x22, 0x58, 0x20]), y]);
  const id = randomBytes(16).toString("base64url");
  let counter = 0;
  return {
    credential: { id, publicKey: new Uint8Array(cose), counter: 0 },
    /** An assertion over `challenge` (base64url), as `navigator.credentials.get` returns it, in JSON. */
    assert(challenge: string, options: { origin?: string; userVerified?: boolean } = {}) {
      counter += 1;
      const clientDataJSON = Buffer.from(JSON.stringify({ type: "webauthn.get", challenge, origin: options.origin ?? origin, crossOrigin: false }));
      const flags = options.userVerified === false ? 0x01 : 0x05;
      const count = Buffer.alloc(4);
      count.writeUInt32BE(counter);
      const authenticatorData = Buffer.concat([createHash("sha256").update(rpId).digest(), Buffer.from([flags]), count]);
      const signature = sign("sha256", Buffer.concat([authenticatorData, createHash("sha256").update(clientDataJSON).digest()]), { key: privateKey, dsaEncoding: "der" });
      return {
        id,
        rawId: id,
        type: "public-key" as const,
        response: { clientDataJSON: clientDataJSON.toString("base64url"), authenticatorData: authenticatorData.toString("base64url"), signature: signature.toString("base64url") },
        clientExtensionResults: {},
      };
    },
  };
}
