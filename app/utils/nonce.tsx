import { createContext, useContext } from "react";

/** The per-request CSP nonce that server.ts puts in the Content-Security-Policy header. */
const NonceContext = createContext<string>("");
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
