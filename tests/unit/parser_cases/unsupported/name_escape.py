x = 'em dash: \N{EM DASH}'
