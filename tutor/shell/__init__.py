"""The interactive shell around a Session: the prompt_toolkit REPL and plain mode, completion, history."""
