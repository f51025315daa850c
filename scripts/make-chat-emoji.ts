import { mkdirSync, writeFileSync } from "node:fs";
import { EMOJI_CODES } from "../app/domain/chat";

/**
 * Writes the chat's 47 emoji images (public/chat-emoji/emjoy_NN.svg): small drawn faces, our own,
 * so no third-party artwork ships. Run once: `node_modules/.bin/tsx scripts/make-chat-emoji.ts`.
 * Each face varies its colour, eyes and mouth by its number; the names live in the chat translations (emoji.emjoy_NN).
 */
const COLORS = ["#FFC83D", "#FFB02E", "#F9A825", "#FFD54F", "#FF8A65", "#AED581", "#81D4FA"];
const MOUTHS = [
  "M9 16 Q12 19 15 16", // smile
  "M8.5 15.5 Q12 20.5 15.5 15.5 Z", // laugh
  "M9 17 Q12 14 15 17", // sad
  "M9.5 16.5 H14.5", // flat
  "M10.5 15.5 A1.5 1.8 0 1 0 13.5 15.5 A1.5 1.8 0 1 0 10.5 15.5", // surprised
  "M9 16 Q10.5 18 12 16 Q13.5 18 15 16", // wavy
  "M9 17 Q12 18.5 15 15.5", // smirk
];
const EYES = [
  '<circle cx="9" cy="10" r="1.3"/><circle cx="15" cy="10" r="1.3"/>',
  '<path d="M7.5 10.5 Q9 8.5 10.5 10.5 M13.5 10.5 Q15 8.5 16.5 10.5" fill="none" stroke="#5D4037" stroke-width="1.2"/>',
  '<path d="M7.5 9.5 H10.5 M13.5 9.5 H16.5" stroke="#5D4037" stroke-width="1.2"/>',
  '<circle cx="9" cy="10" r="1.8" fill="#fff" stroke="#5D4037"/><circle cx="15" cy="10" r="1.8" fill="#fff" stroke="#5D4037"/>',
  '<circle cx="9" cy="10" r="1.3"/><path d="M13.5 10 H16.5" stroke="#5D4037" stroke-width="1.2"/>',
];

mkdirSync("public/chat-emoji", { recursive: true });
EMOJI_CODES.forEach((code, index) => {
  const color = COLORS[index % COLORS.length];
  const mouth = MOUTHS[index % MOUTHS.length];
  const eyes = EYES[Math.floor(index / MOUTHS.length) % EYES.length];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="24" height="24"><circle cx="12" cy="12" r="11" fill="${color}" stroke="#E0A000"/><g fill="#5D4037">${eyes}</g><path d="${mouth}" fill="${mouth.endsWith("Z") ? "#5D4037" : "none"}" stroke="#5D4037" stroke-width="1.2" stroke-linecap="round"/></svg>\n`;
  writeFileSync(`public/chat-emoji/${code}.svg`, svg);
});
console.log(`wrote ${EMOJI_CODES.length} emoji`);
