# Exercises interval algorithms on meeting times: sorting, merging overlaps, free slots, conflicts and minutes formatting.
def to_minutes(hhmm):
    h, m = hhmm.split(":")
    return int(h) * 60 + int(m)


def fmt(minutes):
    return f"{minutes // 60:02d}:{minutes % 60:02d}"


MEETINGS = [("standup", "09:00", "09:15"), ("design", "09:10", "10:30"), ("lunch", "12:00", "13:00"),
            ("1:1", "10:30", "11:00"), ("review", "14:00", "15:30"), ("sync", "15:00", "15:45"),
            ("demo", "16:30", "17:00")]
intervals = sorted((to_minutes(s), to_minutes(e), name) for name, s, e in MEETINGS)


def merge(items):
    merged = []
    for start, end, name in items:
        if merged and start <= merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], end)
            merged[-1][2].append(name)
        else:
            merged.append([start, end, [name]])
    return merged


def free_slots(merged, day_start, day_end, min_len=30):
    slots, cursor = [], day_start
    for start, end, _ in merged:
        if start - cursor >= min_len:
            slots.append((cursor, start))
        cursor = max(cursor, end)
    if day_end - cursor >= min_len:
        slots.append((cursor, day_end))
    return slots


def conflicts(items):
    out = []
    for i, (s1, e1, n1) in enumerate(items):
        for s2, e2, n2 in items[i + 1:]:
            if s2 < e1:
                out.append((n1, n2, min(e1, e2) - s2))
    return out


merged = merge(intervals)
for s, e, names in merged:
    print(f"{fmt(s)}-{fmt(e)} busy ({e - s:>3} min): {', '.join(names)}")
print("free:", [f"{fmt(s)}-{fmt(e)}" for s, e in free_slots(merged, to_minutes("08:30"), to_minutes("18:00"))])
print("conflicts:", conflicts(intervals))
busy = sum(e - s for s, e, _ in merged)
print(f"busy {busy} min = {busy / 60:.2f} h, {busy / (9.5 * 60):.1%} of the day")
