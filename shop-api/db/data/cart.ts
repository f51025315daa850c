/**
 * Demo data added with the cart (schema version 3). Goods are named by their unique `name` in
 * `goods.ts`. Every member's cart starts empty: tests fill it with /api/cart/add or /__test/cart.
 */

/** A get-free (换购) activity whose exchange list is empty, so the cart shows "no exchange goods". */
export const emptyGetFree = { getfree_id: 4, goods: '银翘解毒片 24片' }

/** A goods with very little stock, to try quantities above stock. */
export const lowStock = { goods: '云南白药酊 50ml', stock: 3 }
