x = f"""line1
{a}
  {b:>{w}}
end"""
y = (f"{a}"
     f"{b}")
