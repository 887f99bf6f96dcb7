"""What every view uses: the task runner, the model bridge, inline messages, the GC policy."""
