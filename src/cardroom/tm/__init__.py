"""The Blue Chip Bridge table-manager protocol: cardroom hosting a bridge table on a TCP port
(:mod:`.server`) and cardroom's bot joining a table manager (:mod:`.client`); the messages
(:mod:`.protocol`). docs/tm.md describes the protocol as implemented."""
