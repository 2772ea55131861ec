"""The procedural graph: where the agent is, and what sessions here did next.

A step is a normalised name (steps.py), a transition a `kind: transition` note
(transitions.py) or an edge the trail saw two declared positions make
(traces.py). Outcomes are counted from the traces of ended sessions
(outcomes.py), never stored in a committed file. graph.py joins them and keeps
a small cache the prompt hook reads; guidance.py renders Next and Then.
"""
