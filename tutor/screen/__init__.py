"""Text on screen: plain-text helpers, what a reply shows (Shown), and rendering for the terminal."""
