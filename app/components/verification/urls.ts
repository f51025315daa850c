/** Links between the verification pages (used by loaders, actions and the pages). */

export const deskUrl = (code: string, confirm = false) =>
  `/member/verification?${new URLSearchParams({ verify_code: code, ...(confirm ? { confirm: "1" } : {}) })}`;

export const listUrl = (type: string, page = 1) => {
  const params = new URLSearchParams();
  if (type !== "all") params.set("type", type);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `/member/verification_list?${query}` : "/member/verification_list";
};
