/** The class of a member table's number columns (right-aligned), for their heading and their cells. */
export const NUM = "member-table__num";
