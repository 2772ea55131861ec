"""A personal KB's worth of notes from a life outside the project: cooking, the garden, the bike,
photography, the house, music, running, travel, bread, houseplants.

Generated (deterministically) from templates, so a test can put 1,000 realistic notes that
have nothing to do with the recall sets' software projects beside them, and check that
reading them changes nothing there.
"""

import random

DOMAINS = {
    "kitchen": (["risotto", "dal", "ragu", "pho broth", "focaccia", "shakshuka", "miso soup", "paella",
                 "curry paste", "granola", "pesto", "chili", "gnocchi", "ramen eggs", "tortillas"],
                ["Toast the {x} spices in a dry pan until fragrant before the onions go in.",
                 "Salt the {x} early and taste again after it simmers; it reduces and gets saltier.",
                 "Keep the {x} at a gentle simmer, never a rolling boil, or it turns cloudy and bitter.",
                 "Make a double batch of {x} on Sunday; it freezes in flat bags for three months."]),
    "garden": (["tomatoes", "courgettes", "runner beans", "garlic", "lavender", "roses", "blueberries",
                "rhubarb", "sweet peas", "dahlias", "apple tree", "strawberries", "kale", "leeks", "basil"],
               ["Water the {x} at the base in the morning, not the leaves in the evening: less mildew.",
                "Mulch the {x} with compost after the first frost; the worms pull it in by spring.",
                "Prune the {x} on a dry day with clean secateurs, cutting just above an outward bud.",
                "Sow the {x} after the last frost date; under fleece they come two weeks sooner."]),
    "bike": (["rear derailleur", "chain", "tubeless tyres", "disc brakes", "headset", "bottom bracket",
              "brake pads", "cassette", "saddle height", "wheel truing", "hub bearings", "cables",
              "pedals", "handlebar tape", "dropper post"],
             ["Clean the {x} with degreaser and a rag, then a drop of wet lube per link or pivot.",
              "Check the {x} every 500 km; a worn one wears the parts around it twice as fast.",
              "Torque the {x} bolts to the number on the part, 5 Nm is not a guess.",
              "Adjust the {x} with the bike on the stand, a quarter turn of the barrel at a time."]),
    "photo": (["golden hour portraits", "long exposures", "street shots", "macro flowers", "night sky",
               "film scans", "studio lighting", "landscape panoramas", "bird photography", "black and white",
               "wedding candids", "product shots", "waterfalls", "city at night", "snow scenes"],
              ["For {x} shoot at f/8 and let the camera pick the shutter speed, then bracket one stop.",
               "Use a tripod and the two-second timer for {x}; mirror slap blurs at 1/30 s.",
               "Expose {x} to the right and pull the highlights back in the raw editor.",
               "A polariser helps {x} in daylight; turn it until the sky darkens, then stop."]),
    "house": (["dripping tap", "squeaky door", "radiator bleeding", "grout", "sealant round the bath",
               "wallpaper", "skirting boards", "loft insulation", "gutters", "fence panels", "smoke alarm",
               "boiler pressure", "window seals", "shed roof", "decking"],
              ["For the {x}, turn off the water or power first and take a photo before dismantling anything.",
               "The {x} needs doing every autumn; put it in the calendar with the boiler service.",
               "Buy the {x} parts from the trade counter, they are half the price of the big shed.",
               "Sand and prime before painting the {x}, or the gloss peels within a year."]),
    "music": (["piano scales", "guitar barre chords", "sight reading", "metronome practice", "ukulele strumming",
               "choir warm ups", "jazz voicings", "fingerpicking", "drum rudiments", "violin bowing",
               "ear training", "chord inversions", "arpeggios", "recording demos", "tuning by ear"],
              ["Practise {x} slowly with the metronome at 60, and only speed up after three clean runs.",
               "Ten minutes of {x} every day beats an hour on Sunday; the fingers remember overnight.",
               "Record yourself doing {x}; what you hear back is not what you heard while playing.",
               "Warm up before {x}: stretch the wrists and play long tones for two minutes."]),
    "running": (["tempo runs", "long runs", "hill repeats", "interval sessions", "recovery jogs",
                 "marathon taper", "parkrun pacing", "trail shoes", "cadence drills", "strides",
                 "race day breakfast", "stretching", "foam rolling", "heart rate zones", "new trainers"],
                ["Keep {x} conversational for most of the week; only one hard session, two at most.",
                 "After {x} eat within half an hour, something with carbohydrate and a little protein.",
                 "Build {x} up by ten percent a week, then drop back every fourth week to recover.",
                 "On {x} days start slower than feels right; the second half should be the faster one."]),
    "travel": (["carry-on packing", "train tickets", "passport renewal", "jet lag", "travel insurance",
                "hostel bookings", "rail passes", "ferry crossings", "camping kit", "airport lounges",
                "currency cards", "visa forms", "hiking huts", "car hire", "overnight sleepers"],
               ["For {x}, book eight weeks ahead; prices double in the last fortnight.",
                "Roll clothes for {x} and keep one change in the day bag in case the luggage goes astray.",
                "Photograph the documents for {x} and keep copies offline on the phone.",
                "Check the cancellation terms for {x} before paying; flexible fares cost little more."]),
    "bread": (["sourdough starter", "rye loaf", "baguettes", "brioche", "bagels", "pizza dough", "ciabatta",
               "cinnamon buns", "soda bread", "english muffins", "pretzels", "challah", "pitta", "crumpets",
               "spelt loaf"],
              ["Feed the {x} at a one to one ratio and keep it somewhere warm, around 24 degrees.",
               "Let the {x} dough proof until it springs back slowly when poked, not by the clock.",
               "Bake the {x} in a preheated dutch oven, lid on for twenty minutes, then lid off.",
               "Weigh the flour and water for the {x}; cups vary by a fifth from one scoop to the next."]),
    "plants": (["monstera", "fiddle leaf fig", "snake plant", "orchids", "pothos", "succulents", "ferns",
                "peace lily", "calathea", "cacti", "bonsai", "spider plant", "rubber plant", "herbs on the sill",
                "air plants"],
               ["Water the {x} when the top two centimetres of soil are dry, and empty the saucer after.",
                "Repot the {x} in spring into a pot one size up, with fresh mix and a layer of grit.",
                "Turn the {x} a quarter turn each week so it grows evenly towards the window.",
                "Wipe the {x} leaves with a damp cloth each month; dust blocks the light."]),
}
WHEN = ["in winter", "in summer", "before guests come", "on weekends", "when it rains", "at the allotment",
        "on holiday", "after work", "in the new flat", "with the kids", "in the mornings", "when tired",
        "on a budget", "for the first time", "at my parents' place"]
KINDS = ["lesson", "procedure", "preference", "lesson", "lesson"]


def personal_notes(count: int = 1000, seed: int = 18) -> list:
    """[(id, text)] of `count` distinct personal notes (id = the file name's stem)."""
    rng = random.Random(seed)
    notes, seen = [], set()
    while len(notes) < count:
        domain = rng.choice(sorted(DOMAINS))
        subjects, advice = DOMAINS[domain]
        subject, when = rng.choice(subjects), rng.choice(WHEN)
        tip, more = (line.format(x=subject) for line in rng.sample(advice, 2))
        title = f"{subject.capitalize()} {when}: {tip.split(',')[0].split(';')[0].rstrip('.').lower()}"
        note_id = "-".join("".join(c if c.isalnum() else " " for c in title.lower()).split())[:60].rstrip("-")
        if note_id in seen:
            continue
        seen.add(note_id)
        body = f"{tip} {more} Worked best {when}."
        kind = rng.choice(KINDS)
        notes.append((note_id, f"---\nid: {note_id}\ntitle: \"{title}\"\nkind: {kind}\n"
                               f"category: {domain}\ntags: [{domain}, {subject.split()[0]}]\ncreated: 2026-03-01\n"
                               f"updated: 2026-03-01\n---\n{body}\n"))
    return notes


def write_personal_kb(root, count: int = 1000):
    """A personal KB at `root` holding `count` of these notes, indexed."""
    from mage_engine.kb.init import init_kb
    from mage_engine.recall.index.lifecycle import rebuild_index

    kb = init_kb(root).kb
    for note_id, text in personal_notes(count):
        (kb.notes_dir / f"{note_id}.md").write_text(text, encoding="utf-8")
    built = rebuild_index(kb)
    assert built["docs"] == count, built["problems"][:3]  # every note indexed: a test on fewer would say nothing
    return kb
