import { browserSupportsWebAuthn, startRegistration } from "@simplewebauthn/browser";

export type PasskeyRegistrationResult =
  | { ok: true; response: unknown }
  | { ok: false; problem: "unsupported" | "cancelled" | "already-registered" | "failed"; message: string };

/**
 * Registers the person's passkey on this device, with the options the server made
 * (`createPasskeyRegistration` of `parley-ui/server`): the platform authenticator creates it, with
 * user verification; post `response` back to the server (`verifyPasskeyRegistration`), which keeps
 * the credential for the step-ups to come. Every failure is a problem in words, never a throw.
 *
 * @example
 * const result = await registerPasskey(await (await fetch("/passkeys/options")).json());
 * if (result.ok) await fetch("/passkeys", { method: "POST", body: JSON.stringify(result.response) });
 */
export async function registerPasskey(options: unknown): Promise<PasskeyRegistrationResult> {
  if (!browserSupportsWebAuthn()) return { ok: false, problem: "unsupported", message: "This browser cannot create passkeys (no WebAuthn)." };
  try {
    const response = await startRegistration({ optionsJSON: options as Parameters<typeof startRegistration>[0]["optionsJSON"] });
    return { ok: true, response };
  } catch (error) {
    const name = error instanceof Error ? error.name : "";
    const message = error instanceof Error ? error.message : String(error);
    if (name === "InvalidStateError") return { ok: false, problem: "already-registered", message: "A passkey of this device is already registered." };
    if (name === "NotAllowedError" || name === "AbortError") return { ok: false, problem: "cancelled", message: "The passkey was not created (cancelled or timed out)." };
    return { ok: false, problem: "failed", message };
  }
}
