"""Mathematics the engines share: bit sets, linear algebra over GF(2) and GF(p), breadth-first search."""
