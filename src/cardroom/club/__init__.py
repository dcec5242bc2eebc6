"""The club evening: movements (who sits where, which boards), their scorings, the printable card."""
