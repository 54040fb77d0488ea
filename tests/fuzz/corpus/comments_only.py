# just a comment

   
# another
