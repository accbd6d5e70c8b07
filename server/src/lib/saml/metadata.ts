import type { SsoConfig } from "../../config.ts";
import { NAMEID_UNSPECIFIED } from "./sp.ts";

// The SP's metadata (SAML metadata 2.4.4): what an IdP administrator imports to register the
// portal: the entity id, the assertion consumer (HTTP-POST), the single logout endpoint (both
// bindings), the certificate AuthnRequests and LogoutRequests are signed with, the NameID formats
// the portal can match users by. Unsigned: the administrator fetches it over HTTPS from the
// portal's own address.

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
const BINDING = "urn:oasis:names:tc:SAML:2.0:bindings:";

export const NAMEID_FORMATS = [
  NAMEID_UNSPECIFIED,
  "urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress",
  "urn:oasis:names:tc:SAML:2.0:nameid-format:persistent",
];

export function spMetadata(sso: Pick<SsoConfig, "spEntityId" | "acsUrl" | "sloUrl">, certPem: string): string {
  const cert = certPem.replace(/-----(BEGIN|END) CERTIFICATE-----|\s+/g, "");
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" xmlns:ds="http://www.w3.org/2000/09/xmldsig#" entityID="${esc(sso.spEntityId)}">\n` +
    // WantAssertionsSigned: an IdP that reads it signs the assertion; a signed response alone is
    // accepted as well (issue 19), so this asks for the most robust shape, it does not require it.
    `  <md:SPSSODescriptor AuthnRequestsSigned="true" WantAssertionsSigned="true" protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">\n` +
    `    <md:KeyDescriptor use="signing"><ds:KeyInfo><ds:X509Data><ds:X509Certificate>${cert}</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>\n` +
    `    <md:SingleLogoutService Binding="${BINDING}HTTP-Redirect" Location="${esc(sso.sloUrl)}"/>\n` +
    `    <md:SingleLogoutService Binding="${BINDING}HTTP-POST" Location="${esc(sso.sloUrl)}"/>\n` +
    NAMEID_FORMATS.map((f) => `    <md:NameIDFormat>${f}</md:NameIDFormat>\n`).join("") +
    `    <md:AssertionConsumerService Binding="${BINDING}HTTP-POST" Location="${esc(sso.acsUrl)}" index="0" isDefault="true"/>\n` +
    `  </md:SPSSODescriptor>\n` +
    `</md:EntityDescriptor>\n`
  );
}
