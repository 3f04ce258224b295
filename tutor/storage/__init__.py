"""Files and folders: reading files a user names, the crash log's folder, the clock stamps are read from."""
