/** How a stay's counts read on every screen. */
export function nightsLabel(nights: number): string {
  return `${nights} ${nights === 1 ? "night" : "nights"}`;
}

export function guestsLabel({ adults, children }: { adults: number; children: number }): string {
  const grown = `${adults} ${adults === 1 ? "adult" : "adults"}`;
  return children === 0 ? grown : `${grown}, ${children} ${children === 1 ? "child" : "children"}`;
}
