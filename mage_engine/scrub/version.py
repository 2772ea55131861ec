"""The scrub rules' version: bump it whenever a rule change finds secrets the last version missed.

A knowledge base records the version its `.mage/` was last scrubbed under
(`.mage/state/scrub-version`); when this number is higher, the next hook run
schedules a re-scrub of the trail, staging and the search index
(grooming/rescrub.py). Version 1 was the scrub before vendor families; 3 finds famous weak
passwords with a digit (`hunter2`) in URLs and `Basic` auth; 4, a whole token followed by an
ellipsis (`ghp_…40 characters… now`, or a line mage clipped), which 3 took for a placeholder.
"""

RULES_VERSION = 4
