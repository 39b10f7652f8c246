/** Query and mutation hooks for the team (members, invitations) and the activity log. */
import { useInfiniteQuery, useMutation, useQuery } from "@tanstack/react-query";
import { ACTIVITY_PAGE } from "../../domain/constants.js";
import type { AssignableRole, Role } from "../../domain/permissions.js";
import type { ActivityEntry } from "../../domain/schemas/activity.js";
import type { Invitation, Member } from "../../domain/schemas/team.js";
import { usePropertyRefresher } from "./changes.js";
import { apiFetch } from "./client.js";
import { keys } from "./keys.js";
import { useProperty } from "./property.js";

const base = (pid: string) => `/api/properties/${pid}`;

export function useMembers() {
  const { id } = useProperty();
  return useQuery({ queryKey: keys.members(id), queryFn: () => apiFetch<Member[]>(`${base(id)}/members`) });
}

export function useInvitations() {
  const { id } = useProperty();
  return useQuery({
    queryKey: keys.invitations(id),
    queryFn: () => apiFetch<Invitation[]>(`${base(id)}/invitations`),
  });
}

/**
 * After any team change members, invitations and the log may all have moved: refreshed once the change is
 * made (decision 017), and after a refusal too, since the list may be what made it fail.
 */
function useTeamMutation<Input, Output>(request: (pid: string, input: Input) => Promise<Output>) {
  const refresher = usePropertyRefresher();
  const { id } = useProperty();
  const stale = [keys.members(id), keys.invitations(id), keys.activity(id)];
  return useMutation({
    mutationFn: (input: Input) => refresher.change(stale, () => request(id, input)),
    onError: () => refresher.refresh(stale),
  });
}

export const useInvite = () =>
  useTeamMutation((pid, body: { email: string; role: AssignableRole }) =>
    apiFetch<Invitation>(`${base(pid)}/members`, { method: "POST", body }),
  );
export const useChangeRole = () =>
  useTeamMutation((pid, { userId, role }: { userId: string; role: Role }) =>
    apiFetch<Member>(`${base(pid)}/members/${userId}`, { method: "PATCH", body: { role } }),
  );
export const useRemoveMember = () =>
  useTeamMutation((pid, userId: string) => apiFetch(`${base(pid)}/members/${userId}`, { method: "DELETE" }));
export const useRevokeInvitation = () =>
  useTeamMutation((pid, id: string) => apiFetch(`${base(pid)}/invitations/${id}`, { method: "DELETE" }));

/** The log's filters, as the API takes them (docs/product.md#activity-log); blank is no filter. */
export type ActivityFilters = {
  entityId?: string | null;
  entityType?: string | null;
  actorId?: string | null;
  from?: string | null;
  to?: string | null;
};

/** Newest first, a page at a time, narrowed by `filters` (one record, a kind of record, a person, days). */
export function useActivity(filters: ActivityFilters) {
  const { id } = useProperty();
  const given = Object.entries(filters).filter((entry): entry is [string, string] => Boolean(entry[1]));
  return useInfiniteQuery({
    queryKey: [...keys.activity(id), Object.fromEntries(given)],
    queryFn: ({ pageParam }) => {
      const query = new URLSearchParams([["limit", String(ACTIVITY_PAGE.default)], ...given]);
      if (pageParam) query.set("before", pageParam);
      return apiFetch<ActivityEntry[]>(`${base(id)}/activity?${query}`);
    },
    initialPageParam: "",
    getNextPageParam: (page) => (page.length === ACTIVITY_PAGE.default ? page.at(-1)?.id : undefined),
  });
}
