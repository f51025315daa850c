// Checkout rules shared by the /payment schema (server) and its form (browser), kept free of zod
// so nothing here pulls the schema library into the browser bundle.

/** contract §2.9: the PC limits the buyer message to 140 characters. */
export const BUYER_MESSAGE_MAX = 140;

/** A mainland mobile (11 digits from 13…19), as the PC checks a virtual order's mobile. */
export const MOBILE = /^1[3-9]\d{9}$/;
