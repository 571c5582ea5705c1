"""The real applications' own code: scripts run by each application's venv interpreter.

Nothing here is imported by siteseer (the scripts import the applications' frameworks, which
siteseer does not depend on); lab/real/<app>.py starts them as child processes.
"""
