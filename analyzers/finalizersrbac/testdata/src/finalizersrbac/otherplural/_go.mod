module example.com/otherplural

go 1.26
