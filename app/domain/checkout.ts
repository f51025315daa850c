// Checkout rules shared by the /payment schema (server) and its form (browser), kept free of zod
// so nothing here pulls the schema library into the browser bundle.

/** contract §2.9: the PC limits the buyer message to 140 characters. */
export const BUYER_MESSAGE_MAX = 140;
