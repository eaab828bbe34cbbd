-- A call one instance passes on to the leader of a run carries the sender's id and this secret token
-- (server/simulation/cluster/forward.ts): the leader then knows the call was already counted by the
-- sender's rate limit. The id is public (/api/health); the token is only in this table.
ALTER TABLE instances ADD COLUMN token text;
