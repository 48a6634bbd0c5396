import { createContext, type RouterContextProvider } from "react-router";
import type { BodyKind } from "./limits";

/**
 * What the HTTP server knows of a request before React Router reads it, handed to the app in the
 * request's context (server/route-policy.ts: `loadContextFor`) and to nothing else: no header
 * carries it either way. The route label travels back the same way: the root's middleware writes
 * the pattern React Router matched into these facts, and the server reads it for the request log
 * and the metrics once the answer is made.
 */
export interface RequestFacts {
  /** The client's address as the HTTP server saw it (behind trusted proxies, their word: TRUST_PROXY). */
  clientAddress: string;
  /** What the route's writes take, and whether it is a call (app/http/limits.ts: httpPolicy). */
  body: BodyKind;
  call: boolean;
  /** React Router's data request for a page (its address with `.data`), not the page itself. */
  dataRequest: boolean;
  /** The route pattern React Router matched (`/api/orders/:id`; `*` for the unknown address), set by the root's middleware. */
  route: string;
  /** A refusal the edge gave itself before React Router read the request, whose page is asked for (app/http/refusal-page.ts). */
  refused?: { status: number; path: string };
  /**
   * A photo form's idempotency key, read with its fields by the route (streamed-form.server.ts):
   * claims it, and throws when the key was answered already (answer-once.server.ts sends that answer).
   */
  claimFormKey?: (key: string | undefined, fields: [string, string][]) => Promise<void>;
}

// One key for the built app and the server around it, each of which bundles its own copy of this module.
const holder = globalThis as typeof globalThis & {
  __shopRequestFacts?: ReturnType<typeof createContext<RequestFacts>>;
};
holder.__shopRequestFacts ??= createContext<RequestFacts>();
const requestFactsContext = holder.__shopRequestFacts;

/** A fresh set of facts: those of a request the HTTP server knows nothing of (a test calling the app directly). */
export function newRequestFacts(facts: Partial<RequestFacts> = {}): RequestFacts {
  return { clientAddress: "unknown", body: "small", call: false, dataRequest: false, route: "(none)", ...facts };
}

/** Puts a request's facts into its context (the HTTP server, before React Router). */
export function provideRequestFacts(context: RouterContextProvider, facts: RequestFacts): void {
  context.set(requestFactsContext, facts);
}

/** This request's facts; a request that came without any gets the defaults (newRequestFacts), kept for the rest of it. */
export function requestFacts(context: Readonly<RouterContextProvider>): RequestFacts {
  try {
    return context.get(requestFactsContext);
  } catch {
    const facts = newRequestFacts();
    (context as RouterContextProvider).set(requestFactsContext, facts);
    return facts;
  }
}
