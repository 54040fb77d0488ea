except:
  pass
