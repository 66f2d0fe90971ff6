import os

from hypothesis import HealthCheck, settings

# "ci" (default) keeps the whole suite well under 10 minutes; "dev" digs deeper:
#   HYPOTHESIS_PROFILE=dev python3 -m pytest
settings.register_profile("ci", max_examples=200, deadline=None, derandomize=True,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("dev", max_examples=2000, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))
