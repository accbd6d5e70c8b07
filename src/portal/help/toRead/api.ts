// The staff's read-and-acknowledge calls (issue 24, tag compliance): always the caller's own, so no
// person is ever named. The client is a parameter (the tests hand in one with an injected fetch);
// failures show the portal toast and reject, except the badge's count, which fails quietly.
import type { components } from "../../../api/schema";
import { SILENT, unwrap, type PortalClient } from "../../../api/client";

export type ToReadItem = components["schemas"]["ToReadItem"];
export type ToReadPage = components["schemas"]["ToReadPageOk"]["data"];
export type ToReadCount = components["schemas"]["ToReadCountOk"]["data"];
export type AcknowledgementStatus = components["schemas"]["AcknowledgementStatusOk"]["data"];
export type Acknowledgement = components["schemas"]["Acknowledgement"];
export type SignatureCredential = components["schemas"]["SignatureCredential"];

export async function fetchToRead(page: number, pageSize: number, client: PortalClient): Promise<ToReadPage> {
  return unwrap(client.POST("/compliance/toRead/page", { body: { page, pageSize } }));
}

/** The badge's figures; quiet (spec 8: a widget's failure is no toast), the badge keeps its last figure. */
export async function fetchToReadCount(client: PortalClient): Promise<ToReadCount> {
  return unwrap(client.GET("/compliance/toRead/count", { headers: SILENT }));
}

/** Quiet: the panel shows its own failure in place (and nothing for a policy never published, 404). */
export async function fetchAcknowledgementStatus(policyId: number, client: PortalClient): Promise<AcknowledgementStatus> {
  return unwrap(client.GET("/compliance/acknowledgement/status", { params: { query: { policyId } }, headers: SILENT }));
}

export async function acknowledgePolicy(
  status: Pick<AcknowledgementStatus, "policyVersionId" | "contentHash">,
  signature: SignatureCredential | undefined,
  client: PortalClient,
): Promise<Acknowledgement> {
  const body = { policyVersionId: status.policyVersionId, contentHash: status.contentHash, ...(signature ? { signature } : {}) };
  return unwrap(client.POST("/compliance/acknowledge", { body }));
}
